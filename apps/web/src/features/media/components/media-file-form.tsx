import { zodResolver } from '@hookform/resolvers/zod';
import { FileInput, Stack, Text, TextInput } from '@mantine/core';
import type { TMediaFile } from '@portal/contract';
import { IconUpload } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useAlerts } from '../../../components/feedback/alerts';
import { useDirtyGuard } from '../../../components/form/dirty-guard';
import { uploadLimitMb } from '../../../components/form/file-checks';
import { FileDrop } from '../../../components/form/file-drop';
import { FormActions } from '../../../components/form/form-actions';
import { saveWithFieldErrors } from '../../../components/form/save-with-field-errors';
import { useUploadProgress } from '../../../components/form/upload-progress';
import { de } from '../../../i18n/de';
import { useMediaTree } from '../api/get-media-tree';
import { useSaveMediaFile } from '../api/save-media-file';
import {
  fileErrorOf,
  MEDIA_ACCEPT_ATTRIBUTE,
  nameForChosenFile,
  type TMediaFileFormInput,
  type TMediaFileFormValues,
  ZMediaFileForm,
} from '../lib/file-form';
import { MediaCategoryField } from './media-category-field';

interface MediaFileFormProps {
  file: TMediaFile | undefined;
  categoryId: number;
  onDone: () => void;
}

const FIELDS = ['name', 'category'] as const;

/**
 * SPEC §3/§5 file form: file (images and PDF), name (filled from the chosen file while empty) and category
 * (preset from the route). On an edit a chosen file replaces the old one at the same address.
 */
export function MediaFileForm({ file, categoryId, onDone }: MediaFileFormProps) {
  const alerts = useAlerts();
  const save = useSaveMediaFile();
  const tree = useMediaTree().data ?? [];
  const { register, control, handleSubmit, setError, setFocus, setValue, getValues, trigger, formState } =
    useForm<TMediaFileFormInput, unknown, TMediaFileFormValues>({
      resolver: zodResolver(ZMediaFileForm),
      defaultValues: file
        ? { id: file.id, name: file.name, category: file.category, file: null }
        : { name: '', category: categoryId, file: null },
    });
  const { errors } = formState;
  const upload = useUploadProgress();
  useDirtyGuard(formState.isDirty);
  // A new file starts at the file, an edit at the name; the form can arrive after the sheet opened (lazy
  // chunk), too late for the sheet's own autofocus.
  const editing = file !== undefined;
  useEffect(() => setFocus(editing ? 'name' : 'file'), [setFocus, editing]);

  const submit = handleSubmit(async ({ file: binary, ...media }) => {
    const saved = await saveWithFieldErrors(
      () =>
        upload.track((onProgress) =>
          save.mutateAsync({ media, file: binary, previousCategory: file?.category ?? null, onProgress }),
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
            // Chosen or dropped: the name follows the file while it is empty (SPEC §3); a file of another
            // type or over the size limit is refused at once, before anything is sent (issue 31 point 5).
            const choose = (chosen: File | null) => {
              field.onChange(chosen);
              const name = nameForChosenFile(getValues('name'), chosen);
              if (name !== null) setValue('name', name, { shouldValidate: formState.isSubmitted });
              if (chosen) void trigger('file');
            };
            return (
              <FileDrop onFiles={([dropped]) => choose(dropped ?? null)}>
                <FileInput
                  label={de.media.form.file}
                  description={de.media.form.fileHint(uploadLimitMb())}
                  placeholder={de.media.form.filePlaceholder}
                  withAsterisk={!file}
                  accept={MEDIA_ACCEPT_ATTRIBUTE}
                  clearable
                  ref={field.ref}
                  data-autofocus={editing ? undefined : true}
                  value={field.value ?? null}
                  onChange={choose}
                  onBlur={field.onBlur}
                  error={errors.file?.message}
                  leftSection={<IconUpload size={16} aria-hidden />}
                />
              </FileDrop>
            );
          }}
        />
        {file && (
          <Text size="sm" c="dimmed" mt={-4}>
            {de.media.form.currentFile(file.originalFilename)}. {de.media.form.replaceHint}
          </Text>
        )}
        <TextInput
          label={de.media.form.name}
          description={file ? undefined : de.media.form.nameHint}
          withAsterisk
          data-autofocus={editing ? true : undefined}
          error={errors.name?.message}
          {...register('name')}
        />
        <MediaCategoryField
          control={control}
          name="category"
          label={de.media.form.category}
          placeholder={de.media.form.categoryPlaceholder}
          withAsterisk
          tree={tree}
        />
        <FormActions onCancel={onDone} submitting={formState.isSubmitting} progress={upload.progress} />
      </Stack>
    </form>
  );
}
