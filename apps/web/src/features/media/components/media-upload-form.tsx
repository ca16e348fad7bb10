import { zodResolver } from '@hookform/resolvers/zod';
import { FileInput, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useAlerts } from '../../../components/feedback/alerts';
import { useDirtyGuard } from '../../../components/form/dirty-guard';
import { uploadLimitMb } from '../../../components/form/file-checks';
import { FileDrop } from '../../../components/form/file-drop';
import { FormActions } from '../../../components/form/form-actions';
import { de } from '../../../i18n/de';
import { useMediaDuplicates } from '../api/check-duplicates';
import { useMediaTree } from '../api/get-media-tree';
import { useSaveMediaFile } from '../api/save-media-file';
import { MEDIA_ACCEPT_ATTRIBUTE } from '../lib/file-form';
import { addChosenFiles, clearChosenFiles, EMPTY_ENTRY, type UploadEntry } from '../lib/upload-entries';
import {
  type TMediaUploadFormInput,
  type TMediaUploadFormValues,
  ZMediaUploadForm,
} from '../lib/upload-form';
import classes from './media.module.css';
import { MediaCategoryField } from './media-category-field';
import { UploadEntryRow } from './upload-entry-row';
import { useUploadAll } from './use-upload-all';

interface MediaUploadFormProps {
  /** The category of the route, preset (SPEC §3). */
  categoryId: number;
  onDone: () => void;
}

const texts = de.media.form;

/**
 * 'Neue Datei hochladen' (SPEC §3/§5, issue 31): one or several files, chosen or dropped, each with its own
 * name (filled from the file while empty) and the warnings of the duplicate check; one category for all.
 * The files are saved one after the other through POST /api/media/.
 */
export function MediaUploadForm({ categoryId, onDone }: MediaUploadFormProps) {
  const alerts = useAlerts();
  const tree = useMediaTree().data ?? [];
  const form = useForm<TMediaUploadFormInput, unknown, TMediaUploadFormValues>({
    resolver: zodResolver(ZMediaUploadForm),
    defaultValues: { category: categoryId, entries: [{ ...EMPTY_ENTRY }] },
  });
  const { control, handleSubmit, getValues, formState } = form;
  const { fields, replace, remove } = useFieldArray({ control, name: 'entries' });
  const entries = useWatch({ control, name: 'entries' }) as UploadEntry[];
  const category = useWatch({ control, name: 'category' });
  const warnings = useMediaDuplicates({
    category: typeof category === 'number' ? category : null,
    entries,
  });
  const upload = useUploadAll(form, useSaveMediaFile());
  const [chooserError, setChooserError] = useState<string | undefined>();
  useDirtyGuard(formState.isDirty);
  const chooser = useRef<HTMLButtonElement>(null);
  // The form can arrive after the sheet opened (lazy chunk), too late for the sheet's own autofocus.
  useEffect(() => chooser.current?.focus(), []);

  const choose = (files: readonly File[]) => {
    setChooserError(undefined);
    replace(addChosenFiles(getValues('entries') as UploadEntry[], files));
    // A file of another type or over the size limit is refused when chosen, before anything is sent (issue 31).
    void form.trigger('entries');
  };
  const submit = handleSubmit(async (values) => {
    const { saved, complete } = await upload.run(values);
    if (saved > 0) alerts.success(de.media.filesSaved(saved));
    if (complete) onDone();
  });

  const chosen = entries.flatMap((entry) => (entry.file ? [entry.file] : []));
  const single = fields.length === 1;
  const firstErrors = formState.errors.entries?.[0];
  const anyWarning = warnings.some((list) => list.length > 0);
  const listError = formState.errors.entries?.root?.message ?? formState.errors.entries?.message;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FileDrop onFiles={choose}>
          <FileInput
            multiple
            label={texts.file}
            description={`${texts.fileHint(uploadLimitMb())} ${texts.fileHintSeveral}`}
            placeholder={texts.filePlaceholder}
            withAsterisk
            accept={MEDIA_ACCEPT_ATTRIBUTE}
            clearable
            ref={chooser}
            data-autofocus
            value={chosen}
            onChange={(files) => (files.length === 0 ? replace(clearChosenFiles(entries)) : choose(files))}
            error={chooserError ?? (single ? firstErrors?.file?.message : undefined)}
            leftSection={<IconUpload size={16} aria-hidden />}
            clearButtonProps={{ 'aria-label': texts.clearFiles }}
          />
        </FileDrop>
        <Stack
          gap="xs"
          component={single ? 'div' : 'ul'}
          className={classes.uploadList}
          aria-label={single ? undefined : texts.chosenFiles}
        >
          {fields.map((field, index) => (
            <UploadEntryRow
              key={field.id}
              form={form}
              index={index}
              entry={entries[index] ?? EMPTY_ENTRY}
              single={single}
              warnings={warnings[index] ?? []}
              onRemove={() => (fields.length > 1 ? remove(index) : replace(clearChosenFiles(entries)))}
            />
          ))}
        </Stack>
        <MediaCategoryField
          control={control}
          name="category"
          label={texts.category}
          placeholder={texts.categoryPlaceholder}
          withAsterisk
          tree={tree}
        />
        {listError && (
          <Text size="sm" c="red.8" role="alert">
            {listError}
          </Text>
        )}
        {anyWarning && (
          <Text size="sm" c="orange.9">
            {de.media.duplicates.decide}
          </Text>
        )}
        {upload.step && (
          <Text size="sm" role="status">
            {texts.progress(upload.step.current, upload.step.total)}
          </Text>
        )}
        <FormActions
          onCancel={onDone}
          submitting={formState.isSubmitting}
          progress={upload.progress}
          submitLabel={anyWarning ? de.media.duplicates.saveAnyway : de.common.save}
        />
      </Stack>
    </form>
  );
}
