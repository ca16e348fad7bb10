import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, TextInput } from '@mantine/core';
import { APP_PATHS, ZCompanyCreate } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useAlerts } from '../../../../components/feedback/alerts';
import { useDirtyGuard } from '../../../../components/form/dirty-guard';
import { FormActions } from '../../../../components/form/form-actions';
import { saveWithFieldErrors } from '../../../../components/form/save-with-field-errors';
import { de } from '../../../../i18n/de';
import { useCreateCompany } from '../api/save-company';

const texts = de.adminCompanies;

/** 'Firma anlegen': the name is all a company needs; the rest is edited on its page, opened next. */
function CompanyCreateForm({ onDone }: { onDone: () => void }) {
  const alerts = useAlerts();
  const navigate = useNavigate();
  const create = useCreateCompany();
  const { register, handleSubmit, setError, formState } = useForm<
    z.input<typeof ZCompanyCreate>,
    unknown,
    z.output<typeof ZCompanyCreate>
  >({ resolver: zodResolver(ZCompanyCreate), defaultValues: { name: '' } });
  useDirtyGuard(formState.isDirty);

  const submit = handleSubmit(async (values) => {
    const saved = await saveWithFieldErrors(() => create.mutateAsync(values), {
      entity: '',
      fields: ['name'],
      setError,
    });
    if (!saved.ok || !saved.value) return;
    alerts.success(texts.created(saved.value.name));
    onDone();
    void navigate(APP_PATHS.adminCompany(saved.value.id));
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          {...register('name')}
          label={texts.company.name}
          withAsterisk
          data-autofocus
          error={formState.errors.name?.message}
        />
        <FormActions onCancel={onDone} submitting={formState.isSubmitting} />
      </Stack>
    </form>
  );
}

export function companyCreateSheet(close: () => void) {
  return { title: texts.create, content: <CompanyCreateForm onDone={close} /> };
}
