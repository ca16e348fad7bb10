import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type TSpecialty, ZSpecialtyInput } from '@portal/contract';
import { IconPlus } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useAlerts } from '../../../../components/feedback/alerts';
import { useDirtyGuard } from '../../../../components/form/dirty-guard';
import { FormActions } from '../../../../components/form/form-actions';
import { saveWithFieldErrors } from '../../../../components/form/save-with-field-errors';
import { de } from '../../../../i18n/de';
import { useSaveSpecialty } from '../api/specialties';

const texts = de.adminCompanies.specialtiesPage;
type Values = z.input<typeof ZSpecialtyInput>;

function useSpecialtyForm(name: string) {
  return useForm<Values, unknown, z.output<typeof ZSpecialtyInput>>({
    resolver: zodResolver(ZSpecialtyInput),
    defaultValues: { name },
  });
}

/** The line above the list: a new specialty's name and 'Hinzufügen'; the field stays for the next one. */
export function SpecialtyAddForm() {
  const alerts = useAlerts();
  const save = useSaveSpecialty();
  const { register, handleSubmit, setError, reset, setFocus, formState } = useSpecialtyForm('');
  const submit = handleSubmit(async ({ name }) => {
    const saved = await saveWithFieldErrors(() => save.mutateAsync({ id: null, name }), {
      entity: '',
      fields: ['name'],
      setError,
    });
    if (!saved.ok) return;
    alerts.success(texts.added(saved.value.name));
    reset({ name: '' });
    setFocus('name');
  });
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="sm">
        <TextInput
          {...register('name')}
          label={texts.name}
          error={formState.errors.name?.message}
          style={{ flex: '1 1 14rem', maxWidth: 420 }}
        />
        <Button
          type="submit"
          mt={25}
          leftSection={<IconPlus size={16} aria-hidden />}
          loading={formState.isSubmitting}
        >
          {texts.add}
        </Button>
      </Group>
    </form>
  );
}

function SpecialtyRenameForm({ specialty, onDone }: { specialty: TSpecialty; onDone: () => void }) {
  const alerts = useAlerts();
  const save = useSaveSpecialty();
  const { register, handleSubmit, setError, formState } = useSpecialtyForm(specialty.name);
  useDirtyGuard(formState.isDirty);
  const submit = handleSubmit(async ({ name }) => {
    const saved = await saveWithFieldErrors(() => save.mutateAsync({ id: specialty.id, name }), {
      entity: '',
      fields: ['name'],
      setError,
    });
    if (!saved.ok) return;
    alerts.success(texts.renamed);
    onDone();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          {...register('name')}
          label={texts.newName}
          withAsterisk
          data-autofocus
          error={formState.errors.name?.message}
        />
        <FormActions onCancel={onDone} submitting={formState.isSubmitting} />
      </Stack>
    </form>
  );
}

export function specialtyRenameSheet(specialty: TSpecialty, close: () => void) {
  return {
    title: texts.renameTitle(specialty.name),
    content: <SpecialtyRenameForm specialty={specialty} onDone={close} />,
  };
}
