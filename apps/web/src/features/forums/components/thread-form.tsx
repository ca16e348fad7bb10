import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, TextInput } from '@mantine/core';
import {
  type TForumThread,
  type TForumThreadInput,
  type TForumThreadValues,
  ZForumThreadInput,
} from '@portal/contract';
import { useForm } from 'react-hook-form';
import { RichTextInput } from '../../../components/form/rich-text-input';
import { de } from '../../../i18n/de';
import { useCreateThread } from '../api/create-thread';
import { NewPostAttachments, useNewPostAttachments } from './new-post-attachments';
import { useMentionSource } from './use-mention-source';

interface ThreadFormProps {
  forumId: number;
  onCreated: (thread: TForumThread) => void;
  onCancel: () => void;
}

const FIELDS = ['name', 'content'] as const;

/** SPEC §5 new thread: its name and the first post are required; attachments optional. */
function ThreadForm({ forumId, onCreated, onCancel }: ThreadFormProps) {
  const create = useCreateThread();
  const { register, control, handleSubmit, setError, formState } = useForm<
    TForumThreadInput,
    unknown,
    TForumThreadValues
  >({
    resolver: zodResolver(ZForumThreadInput),
    defaultValues: { name: '', content: '' },
  });
  const { errors } = formState;
  const attachments = useNewPostAttachments(formState.isDirty);
  const mentions = useMentionSource(forumId);

  const submit = handleSubmit(async (values) => {
    const created = await attachments.send(
      (files, onProgress) => create.mutateAsync({ forumId, values, files, onProgress }),
      { entity: 'forumThread', fields: FIELDS, setError },
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
          mentions={mentions}
        />
        <NewPostAttachments
          attachments={attachments}
          submitting={formState.isSubmitting}
          submitLabel={de.forums.form.createThread}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}

export default ThreadForm;
