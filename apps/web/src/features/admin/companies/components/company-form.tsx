import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Combobox.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, MultiSelect, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { COMPANY_STATES, type TCompany, type TSpecialty } from '@portal/contract';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useAlerts } from '../../../../components/feedback/alerts';
import { useDirtyGuard } from '../../../../components/form/dirty-guard';
import { saveWithFieldErrors } from '../../../../components/form/save-with-field-errors';
import { de } from '../../../../i18n/de';
import { useSaveCompany } from '../api/save-company';
import {
  COMPANY_FORM_FIELDS,
  type CompanyFormValues,
  companyFormValues,
  companyPatch,
  ZCompanyForm,
} from '../lib/company-form';

const texts = de.adminCompanies.company;
const STATE_CHOICES = Object.entries(COMPANY_STATES).map(([value, label]) => ({ value, label }));
const STATE_CODES = Object.keys(COMPANY_STATES);

interface CompanyFormProps {
  company: TCompany;
  specialties: readonly TSpecialty[];
}

/** Every field of a company, checked by the contract's schema; saves only what changed, with the version read. */
export function CompanyForm({ company, specialties }: CompanyFormProps) {
  const alerts = useAlerts();
  const save = useSaveCompany(company.id);
  const { register, control, handleSubmit, setError, reset, formState } = useForm<
    CompanyFormValues,
    unknown,
    z.output<typeof ZCompanyForm>
  >({ resolver: zodResolver(ZCompanyForm), defaultValues: companyFormValues(company) });
  useDirtyGuard(formState.isDirty);
  // What the server kept (after a save, or another admin's change read again) is what the form shows.
  useEffect(() => reset(companyFormValues(company)), [company, reset]);

  const submit = handleSubmit(async (values) => {
    const patch = companyPatch(company, values);
    if (patch) {
      const saved = await saveWithFieldErrors(() => save.mutateAsync(patch), {
        entity: '',
        fields: COMPANY_FORM_FIELDS,
        setError,
      });
      if (!saved.ok) return;
    }
    alerts.success(texts.saved);
  });

  const error = (field: (typeof COMPANY_FORM_FIELDS)[number]) => formState.errors[field]?.message;
  const specialtyChoices = specialties.map((specialty) => ({
    value: String(specialty.id),
    label: specialty.name,
  }));
  return (
    <form onSubmit={submit} noValidate aria-label={texts.data}>
      <Stack gap="sm">
        <TextInput {...register('name')} label={texts.name} withAsterisk error={error('name')} />
        <TextInput {...register('street')} label={texts.street} autoComplete="off" error={error('street')} />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput
            {...register('postalCode')}
            label={texts.postalCode}
            inputMode="numeric"
            autoComplete="off"
            error={error('postalCode')}
          />
          <TextInput {...register('city')} label={texts.city} autoComplete="off" error={error('city')} />
          <Controller
            control={control}
            name="state"
            render={({ field }) => (
              <Select
                label={texts.state}
                placeholder={texts.statePlaceholder}
                data={STATE_CHOICES}
                value={field.value ?? null}
                onChange={(next) => field.onChange(next && STATE_CODES.includes(next) ? next : null)}
                onBlur={field.onBlur}
                clearable
                clearButtonProps={{ 'aria-label': de.adminAudit.clear }}
                error={error('state')}
              />
            )}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput {...register('website')} label={texts.website} type="url" error={error('website')} />
          <TextInput {...register('phone')} label={texts.phone} type="tel" error={error('phone')} />
          <TextInput {...register('email')} label={texts.email} type="email" error={error('email')} />
        </SimpleGrid>
        <Textarea
          {...register('description')}
          label={texts.description}
          autosize
          minRows={3}
          error={error('description')}
        />
        <Controller
          control={control}
          name="specialtyIds"
          render={({ field }) => (
            <MultiSelect
              label={texts.specialties}
              placeholder={texts.specialtiesPlaceholder}
              data={specialtyChoices}
              value={field.value.map(String)}
              onChange={(next) => field.onChange(next.map(Number))}
              onBlur={field.onBlur}
              searchable
              error={error('specialtyIds')}
            />
          )}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={formState.isSubmitting}>
            {de.common.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
