import { Button, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { de } from '../../../i18n/de';
import { formatFileSize } from '../../../lib/formatting';
import type { UploadEntry } from '../lib/upload-entries';
import type { TMediaUploadFormInput, TMediaUploadFormValues } from '../lib/upload-form';
import { DuplicateWarnings } from './duplicate-warnings';
import classes from './media.module.css';

interface UploadEntryRowProps {
  form: UseFormReturn<TMediaUploadFormInput, unknown, TMediaUploadFormValues>;
  index: number;
  entry: UploadEntry;
  /** the only entry: its file shows in the file field above, its file errors there too */
  single: boolean;
  /** the duplicate check's German warnings (decision 0126) */
  warnings: readonly string[];
  onRemove: () => void;
}

/**
 * One file of the upload dialog: with several, its file name and size, its own name field and a remove
 * button; with one, just the name field as in SPEC §3's form. Warnings follow below it.
 */
export function UploadEntryRow({ form, index, entry, single, warnings, onRemove }: UploadEntryRowProps) {
  const warningsId = useId();
  const errors = form.formState.errors.entries?.[index];
  const name = (
    <TextInput
      label={de.media.form.name}
      description={single ? de.media.form.nameHint : undefined}
      withAsterisk
      error={errors?.name?.message}
      aria-describedby={warnings.length > 0 ? warningsId : undefined}
      {...form.register(`entries.${index}.name`)}
    />
  );
  const list = <DuplicateWarnings warnings={warnings} id={warningsId} />;
  if (single) {
    return (
      <div>
        {name}
        {list}
      </div>
    );
  }
  const file = entry.file;
  const label = file?.name ?? entry.name;
  return (
    <li className={classes.uploadEntry} aria-label={label}>
      <div className={classes.uploadHead}>
        <Text size="sm" fw={600} className={classes.uploadFile} title={file?.name}>
          {file ? de.media.form.chosenFile(file.name, formatFileSize(file.size)) : '—'}
        </Text>
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          leftSection={<IconTrash size={14} aria-hidden />}
          aria-label={de.media.form.removeLabel(label)}
          onClick={onRemove}
        >
          {de.media.form.remove}
        </Button>
      </div>
      {errors?.file?.message && (
        <Text size="sm" c="red.8">
          {errors.file.message}
        </Text>
      )}
      {name}
      {list}
    </li>
  );
}
