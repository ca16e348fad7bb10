import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useUploadProgress } from '../../../components/form/upload-progress';
import { fieldErrorsOf } from '../../../lib/api-error';
import type { useSaveMediaFile } from '../api/save-media-file';
import { fileErrorOf } from '../lib/file-form';
import type { TMediaUploadFormInput, TMediaUploadFormValues } from '../lib/upload-form';

type UploadForm = UseFormReturn<TMediaUploadFormInput, unknown, TMediaUploadFormValues>;

/**
 * Saves the dialog's files one after the other (POST /api/media/ takes one file), each with its progress.
 * When one is refused, the saved ones leave the dialog, the refused one shows the server's German message
 * at its field and it stays open with the rest: a second try uploads nothing twice.
 */
export function useUploadAll(form: UploadForm, save: ReturnType<typeof useSaveMediaFile>) {
  const upload = useUploadProgress();
  const [step, setStep] = useState<{ current: number; total: number } | null>(null);

  /** How many files were saved, and whether all of them were. */
  async function run(values: TMediaUploadFormValues): Promise<{ saved: number; complete: boolean }> {
    const total = values.entries.length;
    let saved = 0;
    try {
      for (const [index, entry] of values.entries.entries()) {
        setStep(total > 1 ? { current: index + 1, total } : null);
        await upload.track((onProgress) =>
          save.mutateAsync({
            media: { name: entry.name, category: values.category },
            file: entry.file,
            previousCategory: null,
            onProgress,
          }),
        );
        saved += 1;
      }
      return { saved, complete: true };
    } catch (error) {
      const kept = form.getValues('entries').slice(saved);
      form.reset({ ...form.getValues(), entries: kept }, { keepDirty: true, keepSubmitCount: true });
      const fields = new Map(fieldErrorsOf(error, 'media'));
      const name = fields.get('name');
      if (name) form.setError('entries.0.name', { message: name });
      const file = fileErrorOf(error);
      if (file) form.setError('entries.0.file', { message: file });
      const category = fields.get('category');
      if (category) form.setError('category', { message: category });
      return { saved, complete: false };
    } finally {
      setStep(null);
    }
  }

  return { run, progress: upload.progress, step };
}
