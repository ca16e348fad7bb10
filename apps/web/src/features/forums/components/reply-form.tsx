import { zodResolver } from '@hookform/resolvers/zod';
import { Stack } from '@mantine/core';
import {
  type TForumPost,
  type TForumPostInput,
  type TForumPostValues,
  ZForumPostInput,
} from '@portal/contract';
import { useForm } from 'react-hook-form';
import { RichTextInput } from '../../../components/form/rich-text-input';
import { de } from '../../../i18n/de';
import { useCreatePost } from '../api/create-post';
import { NewPostAttachments, useNewPostAttachments } from './new-post-attachments';
import { useMentionSource } from './use-mention-source';

interface ReplyFormProps {
  threadId: number;
  forumId: number;
  /** what the editor starts with: a quote (issue 37 point 3), the caret after it */
  initialContent?: string;
  onReplied: (post: TForumPost) => void;
  onCancel: () => void;
}

/**
 * SPEC §5 reply: content required ('Der Beitragsinhalt ist ein Pflichtfeld'), attachments optional; `@` mentions
 * the forum's members (issue 37).
 */
function ReplyForm({ threadId, forumId, initialContent = '', onReplied, onCancel }: ReplyFormProps) {
  const create = useCreatePost();
  const { control, handleSubmit, setError, formState } = useForm<TForumPostInput, unknown, TForumPostValues>({
    resolver: zodResolver(ZForumPostInput),
    defaultValues: { content: initialContent },
  });
  const mentions = useMentionSource(forumId);
  const attachments = useNewPostAttachments(formState.isDirty);

  const submit = handleSubmit(async (values) => {
    const created = await attachments.send(
      (files, onProgress) => create.mutateAsync({ threadId, forumId, values, files, onProgress }),
      { entity: 'forumPost', fields: ['content'], setError },
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
          mentions={mentions}
        />
        <NewPostAttachments
          attachments={attachments}
          submitting={formState.isSubmitting}
          submitLabel={de.forums.form.sendReply}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}

export default ReplyForm;
