import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { TAdminGroup } from '@portal/contract';
import { Controller, useForm } from 'react-hook-form';
import { useAlerts } from '../../../../components/feedback/alerts';
import { useDirtyGuard } from '../../../../components/form/dirty-guard';
import { FormActions } from '../../../../components/form/form-actions';
import { saveWithFieldErrors } from '../../../../components/form/save-with-field-errors';
import { de } from '../../../../i18n/de';
import { useCreateMember } from '../api/save-member';
import { createBody, createDefaults, type MemberCreateValues, ZMemberCreateForm } from '../lib/member-create';
import { GroupCheckboxes } from './group-checkboxes';
import { RoleSelect } from './role-select';

const texts = de.adminMembers;
const FIELDS = ['username', 'email', 'company', 'role', 'groups', 'password'] as const;

interface MemberCreateFormProps {
  groups: readonly TAdminGroup[];
  /** The password field, where the portal accepts password logins. */
  withPassword: boolean;
  onDone: () => void;
}

/** 'Mitglied anlegen': the default groups are preselected; the password only where it is allowed. */
export function MemberCreateForm({ groups, withPassword, onDone }: MemberCreateFormProps) {
  const alerts = useAlerts();
  const create = useCreateMember();
  const { register, control, handleSubmit, setError, formState } = useForm<MemberCreateValues>({
    resolver: zodResolver(ZMemberCreateForm),
    defaultValues: createDefaults(groups),
  });
  const { errors } = formState;
  useDirtyGuard(formState.isDirty);

  const submit = handleSubmit(async (values) => {
    const saved = await saveWithFieldErrors(() => create.mutateAsync(createBody(values, withPassword)), {
      entity: '',
      fields: FIELDS,
      setError,
    });
    if (!saved.ok) return;
    alerts.success(texts.created(saved.value.username));
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={texts.username}
          withAsterisk
          data-autofocus
          autoComplete="off"
          error={errors.username?.message}
          {...register('username')}
        />
        <TextInput
          type="email"
          label={texts.email}
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextInput label={texts.company} error={errors.company?.message} {...register('company')} />
        <Controller
          control={control}
          name="role"
          render={({ field }) => (
            <RoleSelect
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.role?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="groups"
          render={({ field }) => (
            <GroupCheckboxes
              groups={groups}
              value={field.value}
              onChange={field.onChange}
              error={errors.groups?.message}
            />
          )}
        />
        {withPassword ? (
          <PasswordInput
            label={texts.password}
            description={texts.passwordHint}
            autoComplete="new-password"
            error={errors.password?.message}
            {...register('password')}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {texts.noPasswordHint}
          </Text>
        )}
        <FormActions onCancel={onDone} submitting={formState.isSubmitting} submitLabel={texts.create} />
      </Stack>
    </form>
  );
}
