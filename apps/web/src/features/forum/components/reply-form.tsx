import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import {
  type TForumPost,
  type TForumPostInput,
  type TForumPostValues,
  ZForumPostInput,
} from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { de } from '../../../i18n/de';
import { fieldErrorsOf } from '../../../lib/api-error';
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
  const { register, handleSubmit, setError, formState } = useForm<TForumPostInput, unknown, TForumPostValues>(
    {
      resolver: zodResolver(ZForumPostInput),
      defaultValues: { content: '' },
    },
  );

  const submit = handleSubmit(async (values) => {
    setFileError(null);
    try {
      const post = await create.mutateAsync({ threadId, forumId, values, files });
      onReplied(post);
    } catch (error) {
      for (const [field, message] of fieldErrorsOf(error, 'forumPost')) {
        if (field === 'content') setError('content', { message });
      }
      setFileError(attachmentErrorOf(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Textarea
          label={de.forums.form.content}
          description={de.forums.form.textHint}
          withAsterisk
          data-autofocus
          autosize
          minRows={4}
          maxRows={14}
          error={formState.errors.content?.message}
          {...register('content')}
        />
        <AttachmentsField
          files={files}
          onChange={setFiles}
          serverError={fileError}
          disabled={formState.isSubmitting}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel}>
            {de.common.cancel}
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            {de.forums.form.sendReply}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default ReplyForm;
