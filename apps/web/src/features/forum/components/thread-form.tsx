import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, TextInput } from '@mantine/core';
import {
  type TForumThread,
  type TForumThreadInput,
  type TForumThreadValues,
  ZForumThreadInput,
} from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useDirtyGuard } from '../../../components/form/dirty-guard';
import { FormActions } from '../../../components/form/form-actions';
import { RichTextInput } from '../../../components/form/rich-text-input';
import { saveWithFieldErrors } from '../../../components/form/save-with-field-errors';
import { useUploadProgress } from '../../../components/form/upload-progress';
import { de } from '../../../i18n/de';
import { useCreateThread } from '../api/create-thread';
import { AttachmentsField } from './attachments-field';
import { attachmentErrorOf } from './form-errors';

export interface ThreadFormProps {
  forumId: number;
  onCreated: (thread: TForumThread) => void;
  onCancel: () => void;
}

const FIELDS = ['name', 'content'] as const;

/** SPEC §5 new thread: its name and the first post are required; attachments optional. */
export function ThreadForm({ forumId, onCreated, onCancel }: ThreadFormProps) {
  const create = useCreateThread();
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<
    TForumThreadInput,
    unknown,
    TForumThreadValues
  >({
    resolver: zodResolver(ZForumThreadInput),
    defaultValues: { name: '', content: '' },
  });
  const { errors } = formState;
  const upload = useUploadProgress();
  useDirtyGuard(formState.isDirty || files.length > 0);

  const submit = handleSubmit(async (values) => {
    setFileError(null);
    const created = await saveWithFieldErrors(
      () => upload.track((onProgress) => create.mutateAsync({ forumId, values, files, onProgress })),
      {
        entity: 'forumThread',
        fields: FIELDS,
        setError,
        onError: (error) => setFileError(attachmentErrorOf(error)),
      },
    );
    if (created.ok) onCreated(created.value);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={de.forums.form.threadName}
          withAsterisk
          data-autofocus
          error={errors.name?.message}
          {...register('name')}
        />
        <RichTextInput
          control={control}
          name="content"
          label={de.forums.form.content}
          required
          toolbar="basic"
          minHeight={120}
        />
        <AttachmentsField
          files={files}
          onChange={setFiles}
          serverError={fileError}
          disabled={formState.isSubmitting}
        />
        <FormActions
          onCancel={onCancel}
          submitting={formState.isSubmitting}
          submitLabel={de.forums.form.createThread}
          progress={upload.progress}
        />
      </Stack>
    </form>
  );
}

export default ThreadForm;
