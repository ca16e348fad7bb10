import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, TextInput } from '@mantine/core';
import { FORUM_POST_MEDIA_MAX, type TForumPost, ZForumPostInput, ZForumThreadRename } from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { RichTextInput } from '../../../components/form/rich-text-input';
import { de } from '../../../i18n/de';
import { useEditPost } from '../api/edit-post';
import { ExistingAttachments } from './existing-attachments';
import { NewPostAttachments, useNewPostAttachments } from './new-post-attachments';
import { useMentionSource } from './use-mention-source';

interface PostEditFormProps {
  post: TForumPost;
  thread: { id: number; forumId: number; name: string };
  onSaved: (post: TForumPost) => void;
  onCancel: () => void;
}

/**
 * The text, required as when it was written; a thread's first post has its title in the form too (a reply
 * has none: `name` stays undefined), required and at most 200 characters as the server checks it.
 */
const ZPostEditForm = ZForumPostInput.extend({ name: ZForumThreadRename.shape.name.optional() });
type TEditInput = z.input<typeof ZPostEditForm>;
type TEditValues = z.output<typeof ZPostEditForm>;

const FIELDS = ['name', 'content'] as const;

/**
 * 'Bearbeiten' of a post (issue 37 point 1), in the bottom sheet as other things are edited: its text in the
 * editor (with mentions), on a first post the thread's title, its attachments to keep or remove and new ones
 * with the same checks as a reply. The server's German refusals show at their fields.
 */
function PostEditForm({ post, thread, onSaved, onCancel }: PostEditFormProps) {
  const edit = useEditPost(thread.id, thread.forumId);
  const mentions = useMentionSource(thread.forumId);
  const [removed, setRemoved] = useState<number[]>([]);
  const { register, control, handleSubmit, setError, formState } = useForm<TEditInput, unknown, TEditValues>({
    resolver: zodResolver(ZPostEditForm),
    defaultValues: post.first ? { name: thread.name, content: post.content } : { content: post.content },
  });
  const attachments = useNewPostAttachments(formState.isDirty || removed.length > 0);
  const kept = post.forumPostMedia.length - removed.length;

  const submit = handleSubmit(async (values) => {
    const renamed = post.first && values.name !== undefined && values.name !== thread.name;
    const saved = await attachments.send(
      (files, onProgress) =>
        edit.mutateAsync({
          postId: post.id,
          values: renamed ? { content: values.content, name: values.name } : { content: values.content },
          removeMedia: removed,
          files,
          onProgress,
        }),
      { entity: 'forumPost', fields: FIELDS, setError },
    );
    if (saved.ok) onSaved(saved.value);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {post.first && (
          <TextInput
            label={de.forumConversation.threadTitle}
            withAsterisk
            data-autofocus
            error={formState.errors.name?.message}
            {...register('name')}
          />
        )}
        <RichTextInput
          control={control}
          name="content"
          label={de.forums.form.content}
          required
          toolbar="basic"
          minHeight={120}
          autoFocus={!post.first}
          mentions={mentions}
        />
        <ExistingAttachments
          media={post.forumPostMedia}
          removed={removed}
          onChange={setRemoved}
          disabled={formState.isSubmitting}
        />
        <NewPostAttachments
          attachments={attachments}
          submitting={formState.isSubmitting}
          submitLabel={de.common.save}
          onCancel={onCancel}
          max={Math.max(0, FORUM_POST_MEDIA_MAX - kept)}
        />
      </Stack>
    </form>
  );
}

export default PostEditForm;
