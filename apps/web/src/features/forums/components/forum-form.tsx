import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, TextInput } from '@mantine/core';
import { type TForumInput, type TForumSummary, type TForumValues, ZForumInput } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { useAlerts } from '../../../components/feedback/alerts';
import { useDirtyGuard } from '../../../components/form/dirty-guard';
import { FormActions } from '../../../components/form/form-actions';
import { RichTextInput } from '../../../components/form/rich-text-input';
import { saveWithFieldErrors } from '../../../components/form/save-with-field-errors';
import { de } from '../../../i18n/de';
import { useSaveForum } from '../api/save-forum';

interface ForumFormProps {
  forum: TForumSummary | undefined;
  onDone: () => void;
}

const FIELDS = ['name', 'description'] as const;

/** SPEC §5 forum (admins): name and description required. */
function ForumForm({ forum, onDone }: ForumFormProps) {
  const alerts = useAlerts();
  const save = useSaveForum();
  const { register, control, handleSubmit, setError, formState } = useForm<
    TForumInput,
    unknown,
    TForumValues
  >({
    resolver: zodResolver(ZForumInput),
    defaultValues: { id: forum?.id, name: forum?.name ?? '', description: forum?.description ?? '' },
  });
  const { errors } = formState;
  useDirtyGuard(formState.isDirty);

  const submit = handleSubmit(async (values) => {
    const saved = await saveWithFieldErrors(() => save.mutateAsync(values), {
      entity: 'forum',
      fields: FIELDS,
      setError,
    });
    if (!saved.ok) return;
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
        <RichTextInput
          control={control}
          name="description"
          label={de.forums.form.description}
          required
          toolbar="basic"
          minHeight={96}
        />
        <FormActions onCancel={onDone} submitting={formState.isSubmitting} />
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
