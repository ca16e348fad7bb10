import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useDirtyGuard } from '../../../components/form/dirty-guard';
import { FormActions } from '../../../components/form/form-actions';
import { type FieldErrorTarget, saveWithFieldErrors } from '../../../components/form/save-with-field-errors';
import { useUploadProgress } from '../../../components/form/upload-progress';
import type { ProgressListener } from '../../../lib/upload-request';
import { AttachmentsField } from './attachments-field';
import { attachmentErrorOf } from './form-errors';

/**
 * The attachments of a new post (a thread's first post or a reply): the chosen files, the server's refusal
 * of one of them and the upload's progress. Chosen files count as unsaved changes too.
 */
export function useNewPostAttachments(formDirty: boolean) {
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadProgress();
  useDirtyGuard(formDirty || files.length > 0);
  return {
    files,
    setFiles,
    error,
    progress: upload.progress,
    /** Sends the post with the chosen files; a refused attachment is named below the attachments. */
    send<F extends FieldValues, R>(
      save: (files: File[], onProgress: ProgressListener) => Promise<R>,
      target: Omit<FieldErrorTarget<F>, 'onError'>,
    ) {
      setError(null);
      return saveWithFieldErrors(() => upload.track((onProgress) => save(files, onProgress)), {
        ...target,
        onError: (refusal) => setError(attachmentErrorOf(refusal)),
      });
    },
  };
}

interface NewPostAttachmentsProps {
  attachments: ReturnType<typeof useNewPostAttachments>;
  submitting: boolean;
  submitLabel: string;
  onCancel: () => void;
  /** how many files may be added (an edited post's kept attachments count too) */
  max?: number;
}

/** The attachments field and the buttons below a new post's content. */
export function NewPostAttachments({
  attachments,
  submitting,
  submitLabel,
  onCancel,
  max,
}: NewPostAttachmentsProps) {
  return (
    <>
      <AttachmentsField
        files={attachments.files}
        onChange={attachments.setFiles}
        serverError={attachments.error}
        disabled={submitting}
        {...(max === undefined ? {} : { max })}
      />
      <FormActions
        onCancel={onCancel}
        submitting={submitting}
        submitLabel={submitLabel}
        progress={attachments.progress}
      />
    </>
  );
}
