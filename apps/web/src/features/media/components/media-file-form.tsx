import { zodResolver } from '@hookform/resolvers/zod';
import { FileInput, Stack, Text, TextInput } from '@mantine/core';
import type { TMediaFile } from '@portal/contract';
import { IconUpload } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useAlerts } from '../../../components/feedback/alerts';
import { useDirtyGuard } from '../../../components/form/dirty-guard';
import { uploadLimitMb } from '../../../components/form/file-checks';
import { FileDrop } from '../../../components/form/file-drop';
import { FormActions } from '../../../components/form/form-actions';
import { saveWithFieldErrors } from '../../../components/form/save-with-field-errors';
import { useUploadProgress } from '../../../components/form/upload-progress';
import { de } from '../../../i18n/de';
import { useMediaDuplicates } from '../api/check-duplicates';
import { useMediaTree } from '../api/get-media-tree';
import { useSaveMediaFile } from '../api/save-media-file';
import {
  fileErrorOf,
  MEDIA_ACCEPT_ATTRIBUTE,
  type TMediaFileFormInput,
  type TMediaFileFormValues,
  ZMediaFileForm,
} from '../lib/file-form';
import { DuplicateWarnings } from './duplicate-warnings';
import { MediaCategoryField } from './media-category-field';

interface MediaFileFormProps {
  file: TMediaFile;
  onDone: () => void;
}

const FIELDS = ['name', 'category'] as const;

/**
 * SPEC §3 file form for an existing file: name, category and optionally a new file (images and PDF), which
 * replaces the old one at the same address. The duplicate check warns about a name or content the library
 * holds already elsewhere (issue 31).
 */
export function MediaFileForm({ file, onDone }: MediaFileFormProps) {
  const alerts = useAlerts();
  const save = useSaveMediaFile();
  const tree = useMediaTree().data ?? [];
  const { register, control, handleSubmit, setError, setFocus, trigger, formState } = useForm<
    TMediaFileFormInput,
    unknown,
    TMediaFileFormValues
  >({
    resolver: zodResolver(ZMediaFileForm),
    defaultValues: { id: file.id, name: file.name, category: file.category, file: null },
  });
  const { errors } = formState;
  const upload = useUploadProgress();
  useDirtyGuard(formState.isDirty);
  // The form can arrive after the sheet opened (lazy chunk), too late for the sheet's own autofocus.
  useEffect(() => setFocus('name'), [setFocus]);
  const [name, category, binary] = useWatch({ control, name: ['name', 'category', 'file'] });
  const [warnings = []] = useMediaDuplicates({
    category: typeof category === 'number' ? category : null,
    exclude: file.id,
    entries: [{ name: name ?? '', file: binary ?? null }],
  });

  const submit = handleSubmit(async ({ file: replacement, ...media }) => {
    const saved = await saveWithFieldErrors(
      () =>
        upload.track((onProgress) =>
          save.mutateAsync({ media, file: replacement, previousCategory: file.category, onProgress }),
        ),
      {
        entity: 'media',
        fields: FIELDS,
        setError,
        onError: (error) => {
          const message = fileErrorOf(error);
          if (message) setError('file', { message });
        },
      },
    );
    if (!saved.ok) return;
    alerts.success(de.media.fileSaved);
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Controller
          control={control}
          name="file"
          render={({ field }) => {
            // A file of another type or over the size limit is refused when chosen (issue 31 point 5).
            const choose = (chosen: File | null) => {
              field.onChange(chosen);
              if (chosen) void trigger('file');
            };
            return (
              <FileDrop onFiles={([dropped]) => choose(dropped ?? null)}>
                <FileInput
                  label={de.media.form.file}
                  description={de.media.form.fileHint(uploadLimitMb())}
                  placeholder={de.media.form.filePlaceholder}
                  accept={MEDIA_ACCEPT_ATTRIBUTE}
                  clearable
                  ref={field.ref}
                  value={field.value ?? null}
                  onChange={choose}
                  onBlur={field.onBlur}
                  error={errors.file?.message}
                  leftSection={<IconUpload size={16} aria-hidden />}
                  clearButtonProps={{ 'aria-label': de.media.form.clearFiles }}
                />
              </FileDrop>
            );
          }}
        />
        <Text size="sm" c="dimmed" mt={-4}>
          {de.media.form.currentFile(file.originalFilename)}. {de.media.form.replaceHint}
        </Text>
        <TextInput
          label={de.media.form.name}
          withAsterisk
          data-autofocus
          error={errors.name?.message}
          {...register('name')}
        />
        <DuplicateWarnings warnings={warnings} />
        <MediaCategoryField
          control={control}
          name="category"
          label={de.media.form.category}
          placeholder={de.media.form.categoryPlaceholder}
          withAsterisk
          tree={tree}
        />
        <FormActions
          onCancel={onDone}
          submitting={formState.isSubmitting}
          progress={upload.progress}
          submitLabel={warnings.length > 0 ? de.media.duplicates.saveAnyway : de.common.save}
        />
      </Stack>
    </form>
  );
}
