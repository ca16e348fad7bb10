import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, FileInput, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  CSV_ACCEPT,
  type TContentItem,
  type TContentItemInput,
  type TContentItemValues,
  ZContentItemInput,
} from '@portal/contract';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useAlerts } from '../../../components/feedback/alerts';
import { useDirtyGuard } from '../../../components/form/dirty-guard';
import { uploadLimitMb } from '../../../components/form/file-checks';
import { FileDrop } from '../../../components/form/file-drop';
import { FormActions } from '../../../components/form/form-actions';
import { RichTextInput } from '../../../components/form/rich-text-input';
import { saveWithFieldErrors } from '../../../components/form/save-with-field-errors';
import { useUploadProgress } from '../../../components/form/upload-progress';
import { de } from '../../../i18n/de';
import { ApiError } from '../../../lib/api-error';
import { useSaveContentItem } from '../api/save-content-item';
import { csvFileError } from '../lib/csv-file';

interface ContentItemFormProps {
  categoryId: number;
  item: TContentItem | undefined;
  onDone: () => void;
}

const FIELDS = ['title', 'preText', 'postText'] as const;

/** SPEC §5 content form: title required; the CSV file must be text/csv. */
function ContentItemForm({ categoryId, item, onDone }: ContentItemFormProps) {
  const alerts = useAlerts();
  const save = useSaveContentItem();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [removeTable, setRemoveTable] = useState(false);
  const { register, control, handleSubmit, setError, formState } = useForm<
    TContentItemInput,
    unknown,
    TContentItemValues
  >({
    resolver: zodResolver(ZContentItemInput),
    defaultValues: {
      id: item?.id,
      title: item?.title ?? '',
      preText: item?.preText ?? '',
      postText: item?.postText ?? '',
      categories: item?.categories.length ? item.categories : [categoryId],
      csvFile: item?.csvFile ?? null,
    },
  });
  const { errors } = formState;
  const upload = useUploadProgress();
  useDirtyGuard(formState.isDirty || file !== null || removeTable);

  function showFileError(error: unknown) {
    if (error instanceof ApiError && (error.status === 415 || error.fieldErrors.csvFile)) {
      setFileError(error.fieldErrors.csvFile ?? error.message);
    }
  }

  function chooseFile(next: File | null) {
    setFile(next);
    setFileError(next ? csvFileError(next) : null);
  }

  const submit = handleSubmit(
    async (values) => {
      const refusal = file ? csvFileError(file) : null;
      if (refusal) {
        setFileError(refusal);
        return;
      }
      const saved = await saveWithFieldErrors(
        () =>
          upload.track((onProgress) =>
            save.mutateAsync({
              values: {
                ...values,
                preText: values.preText ?? '',
                postText: values.postText ?? '',
                csvFile: removeTable && !file ? null : (item?.csvFile ?? null),
              },
              csvFile: file,
              onProgress,
            }),
          ),
        { entity: 'content', fields: FIELDS, setError, onError: showFileError },
      );
      if (!saved.ok) return;
      alerts.success(de.content.saved);
      onDone();
    },
    () => {
      if (file) setFileError(csvFileError(file));
    },
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={de.content.form.title}
          withAsterisk
          data-autofocus
          error={errors.title?.message}
          {...register('title')}
        />
        <RichTextInput control={control} name="preText" label={de.content.form.preText} minHeight={96} />
        <FileDrop onFiles={([dropped]) => chooseFile(dropped ?? null)}>
          <FileInput
            label={de.content.form.csvFile}
            description={`${de.content.form.csvHint} ${de.uploads.fileLimit(uploadLimitMb())}`}
            placeholder={de.content.form.csvPlaceholder}
            accept={CSV_ACCEPT}
            clearable
            value={file}
            onChange={chooseFile}
            error={fileError}
            leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          />
        </FileDrop>
        {item?.csvFile && !file && (
          <Group gap="md">
            <Text size="sm" c="dimmed">
              {de.content.form.currentTable(item.csvFile, item.csvRowCount)}
            </Text>
            <Checkbox
              size="xs"
              label={de.content.form.removeTable}
              checked={removeTable}
              onChange={(event) => setRemoveTable(event.currentTarget.checked)}
            />
          </Group>
        )}
        <RichTextInput control={control} name="postText" label={de.content.form.postText} minHeight={96} />
        <FormActions onCancel={onDone} submitting={formState.isSubmitting} progress={upload.progress} />
      </Stack>
    </form>
  );
}

/** Opens the content form in the bottom sheet. */
export function contentFormSheet(categoryId: number, item: TContentItem | undefined, close: () => void) {
  return {
    title: item ? de.content.edit : de.content.create,
    content: <ContentItemForm categoryId={categoryId} item={item} onDone={close} />,
  };
}
