import '@mantine/core/styles/Switch.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Divider, Group, Input, Stack, Switch, Text, TextInput } from '@mantine/core';
import { APP_PATHS, type TAdminGroup, type TAdminMember } from '@portal/contract';
import { IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useAlerts } from '../../../../components/feedback/alerts';
import { useDirtyGuard } from '../../../../components/form/dirty-guard';
import { FormActions } from '../../../../components/form/form-actions';
import { saveWithFieldErrors } from '../../../../components/form/save-with-field-errors';
import { de } from '../../../../i18n/de';
import { useUpdateMember } from '../api/save-member';
import { editValuesOf, type MemberEditValues, memberChanges, ZMemberEditForm } from '../lib/member-changes';
import { GroupCheckboxes } from './group-checkboxes';
import { RoleSelect } from './role-select';
import { useEraseMember } from './use-erase-member';

const texts = de.adminMembers;
const FIELDS = ['firstName', 'lastName', 'email', 'company', 'role', 'groups', 'disabled'] as const;

interface MemberEditFormProps {
  member: TAdminMember;
  groups: readonly TAdminGroup[];
  onDone: () => void;
}

/**
 * E-mail, company, role, groups and the lock of one member; only what changed is sent. Erasing is at its foot.
 */
export function MemberEditForm({ member, groups, onDone }: MemberEditFormProps) {
  const alerts = useAlerts();
  const update = useUpdateMember();
  const erase = useEraseMember();
  const { register, control, handleSubmit, setError, formState } = useForm<MemberEditValues>({
    resolver: zodResolver(ZMemberEditForm),
    defaultValues: editValuesOf(member),
  });
  const { errors } = formState;
  useDirtyGuard(formState.isDirty);

  const submit = handleSubmit(async (values) => {
    const changes = memberChanges(member, values);
    if (!changes) {
      onDone();
      return;
    }
    const saved = await saveWithFieldErrors(() => update.mutateAsync({ id: member.id, changes }), {
      entity: '',
      fields: FIELDS,
      setError,
    });
    if (!saved.ok) return;
    alerts.success(texts.saved);
    onDone();
  });

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group grow gap="sm" align="flex-start">
            <TextInput
              label={texts.firstName}
              autoComplete="off"
              data-autofocus
              error={errors.firstName?.message}
              {...register('firstName')}
            />
            <TextInput
              label={texts.lastName}
              autoComplete="off"
              error={errors.lastName?.message}
              {...register('lastName')}
            />
          </Group>
          <TextInput
            type="email"
            label={texts.email}
            description={texts.contactHint}
            autoComplete="off"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextInput
            label={texts.company}
            autoComplete="off"
            error={errors.company?.message}
            {...register('company')}
          />
          <MemberCompanyLink member={member} onLeave={onDone} />
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
          <Controller
            control={control}
            name="disabled"
            render={({ field }) => (
              <Switch
                ref={field.ref}
                name={field.name}
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
                label={texts.disabledSwitch}
                description={texts.disabledHint}
                error={errors.disabled?.message}
                color="red"
              />
            )}
          />
          <FormActions onCancel={onDone} submitting={formState.isSubmitting} />
        </Stack>
      </form>
      <Divider />
      <div>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} aria-hidden />}
          loading={erase.isPending}
          onClick={() => void erase.run(member).then((erased) => erased && onDone())}
        >
          {texts.erase}
        </Button>
      </div>
    </Stack>
  );
}

/** The member company the member belongs to (issue 36 point 5), linked to its page, where links change. */
function MemberCompanyLink({ member, onLeave }: { member: TAdminMember; onLeave: () => void }) {
  const labelId = useId();
  return (
    <Stack gap={2} align="flex-start" role="group" aria-labelledby={labelId}>
      <Input.Label id={labelId} labelElement="div">
        {texts.memberCompany}
      </Input.Label>
      {member.memberCompany ? (
        <Anchor
          component={Link}
          to={APP_PATHS.adminCompany(member.memberCompany.id)}
          onClick={onLeave}
          size="sm"
          td="underline"
        >
          {member.memberCompany.name}
        </Anchor>
      ) : (
        <Text size="sm">{texts.noMemberCompany}</Text>
      )}
      <Input.Description>{texts.companyLinkHint}</Input.Description>
    </Stack>
  );
}
