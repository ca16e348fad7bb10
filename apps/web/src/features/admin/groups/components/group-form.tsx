import '@mantine/core/styles/Switch.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Switch, TextInput } from '@mantine/core';
import { type TAdminGroup, type TAdminGroupCreate, ZAdminGroupCreate } from '@portal/contract';
import { type Control, Controller, useForm } from 'react-hook-form';
import { useAlerts } from '../../../../components/feedback/alerts';
import { useDirtyGuard } from '../../../../components/form/dirty-guard';
import { FormActions } from '../../../../components/form/form-actions';
import { saveWithFieldErrors } from '../../../../components/form/save-with-field-errors';
import { de } from '../../../../i18n/de';
import { useSaveGroup } from '../api/save-group';
import { changedGroupFields, groupFormDefaults, type TGroupFormValues } from '../lib/group-form';

const FIELDS = ['name', 'internal', 'isDefault'] as const;
const texts = de.adminGroups;

interface GroupFormProps {
  /** The group to edit; without it a new one. */
  group: TAdminGroup | undefined;
  onDone: () => void;
}

/** Issue 18: a group's name (required, unique), 'Intern' (the FMK-Intern list) and 'Standard'. */
function GroupForm({ group, onDone }: GroupFormProps) {
  const alerts = useAlerts();
  const save = useSaveGroup();
  const { register, control, handleSubmit, setError, formState } = useForm<
    TAdminGroupCreate,
    unknown,
    TGroupFormValues
  >({
    resolver: zodResolver(ZAdminGroupCreate),
    defaultValues: groupFormDefaults(group),
  });
  useDirtyGuard(formState.isDirty);

  const submit = handleSubmit(async (values) => {
    const changes = group ? changedGroupFields(group, values) : values;
    if (changes === null) {
      onDone();
      return;
    }
    // The server's German messages (e.g. the name is taken) stand beside their fields.
    const saved = await saveWithFieldErrors(
      () => save.mutateAsync(group ? { id: group.id, values: changes } : { id: null, values }),
      { entity: '', fields: FIELDS, setError },
    );
    if (!saved.ok) return;
    alerts.success(texts.saved);
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={texts.form.name}
          withAsterisk
          data-autofocus
          error={formState.errors.name?.message}
          {...register('name')}
        />
        <FlagSwitch
          control={control}
          name="internal"
          label={texts.form.internal}
          description={texts.form.internalHint}
          error={formState.errors.internal?.message}
        />
        <FlagSwitch
          control={control}
          name="isDefault"
          label={texts.form.isDefault}
          description={texts.form.isDefaultHint}
          error={formState.errors.isDefault?.message}
        />
        <FormActions onCancel={onDone} submitting={formState.isSubmitting} />
      </Stack>
    </form>
  );
}

interface FlagSwitchProps {
  control: Control<TAdminGroupCreate, unknown, TGroupFormValues>;
  name: 'internal' | 'isDefault';
  label: string;
  description: string;
  error: string | undefined;
}

function FlagSwitch({ control, name, label, description, error }: FlagSwitchProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          ref={field.ref}
          name={field.name}
          checked={field.value === true}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          onBlur={field.onBlur}
          label={label}
          description={description}
          error={error}
          size="md"
        />
      )}
    />
  );
}

/** Opens the group form in the bottom sheet. */
export function groupFormSheet(group: TAdminGroup | undefined, close: () => void) {
  return {
    title: group ? texts.edit : texts.create,
    content: <GroupForm group={group} onDone={close} />,
  };
}
