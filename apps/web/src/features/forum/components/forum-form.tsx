import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { type TForumInput, type TForumSummary, type TForumValues, ZForumInput } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { useAlerts } from '../../../app/frame';
import { de } from '../../../i18n/de';
import { fieldErrorsOf } from '../../../lib/api-error';
import { htmlToText } from '../../../lib/rich-text-input';
import { useSaveForum } from '../api/save-forum';

interface ForumFormProps {
  forum: TForumSummary | undefined;
  onDone: () => void;
}

const FIELDS = ['name', 'description'] as const;

/** SPEC §5 forum (admins): name and description required. */
export function ForumForm({ forum, onDone }: ForumFormProps) {
  const alerts = useAlerts();
  const save = useSaveForum();
  const { register, handleSubmit, setError, formState } = useForm<TForumInput, unknown, TForumValues>({
    resolver: zodResolver(ZForumInput),
    defaultValues: { id: forum?.id, name: forum?.name ?? '', description: htmlToText(forum?.description) },
  });
  const { errors } = formState;

  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
    } catch (error) {
      for (const [field, message] of fieldErrorsOf(error, 'forum')) {
        const name = FIELDS.find((candidate) => candidate === field);
        if (name) setError(name, { message });
      }
      return;
    }
    alerts.success(de.forums.forumSaved);
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={de.forums.form.name}
          withAsterisk
          data-autofocus
          error={errors.name?.message}
          {...register('name')}
        />
        <Textarea
          label={de.forums.form.description}
          description={de.forums.form.textHint}
          withAsterisk
          autosize
          minRows={3}
          maxRows={10}
          error={errors.description?.message}
          {...register('description')}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone}>
            {de.common.cancel}
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            {de.common.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Opens the forum form in the bottom sheet. */
export function forumFormSheet(forum: TForumSummary | undefined, close: () => void) {
  return {
    title: forum ? de.forums.edit : de.forums.create,
    content: <ForumForm forum={forum} onDone={close} />,
  };
}
