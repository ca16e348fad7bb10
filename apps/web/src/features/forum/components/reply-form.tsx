import { zodResolver } from '@hookform/resolvers/zod';
import { Stack } from '@mantine/core';
import {
  type TForumPost,
  type TForumPostInput,
  type TForumPostValues,
  ZForumPostInput,
} from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useDirtyGuard } from '../../../components/form/dirty-guard';
import { FormActions } from '../../../components/form/form-actions';
import { RichTextInput } from '../../../components/form/rich-text-input';
import { saveWithFieldErrors } from '../../../components/form/save-with-field-errors';
import { useUploadProgress } from '../../../components/form/upload-progress';
import { de } from '../../../i18n/de';
import { useCreatePost } from '../api/create-post';
import { AttachmentsField } from './attachments-field';
import { attachmentErrorOf } from './form-errors';

export interface ReplyFormProps {
  threadId: number;
  forumId: number;
  onReplied: (post: TForumPost) => void;
  onCancel: () => void;
}

/** SPEC §5 reply: content required ('Der Beitragsinhalt ist ein Pflichtfeld'), attachments optional. */
export function ReplyForm({ threadId, forumId, onReplied, onCancel }: ReplyFormProps) {
  const create = useCreatePost();
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<TForumPostInput, unknown, TForumPostValues>({
    resolver: zodResolver(ZForumPostInput),
    defaultValues: { content: '' },
  });
  const upload = useUploadProgress();
  useDirtyGuard(formState.isDirty || files.length > 0);

  const submit = handleSubmit(async (values) => {
    setFileError(null);
    const created = await saveWithFieldErrors(
      () =>
        upload.track((onProgress) => create.mutateAsync({ threadId, forumId, values, files, onProgress })),
      {
        entity: 'forumPost',
        fields: ['content'],
        setError,
        onError: (error) => setFileError(attachmentErrorOf(error)),
      },
    );
    if (created.ok) onReplied(created.value);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <RichTextInput
          control={control}
          name="content"
          label={de.forums.form.content}
          required
          toolbar="basic"
          minHeight={120}
          autoFocus
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
          submitLabel={de.forums.form.sendReply}
          progress={upload.progress}
        />
      </Stack>
    </form>
  );
}

export default ReplyForm;
