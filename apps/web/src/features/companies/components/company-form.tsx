import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { MultiSelect, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { COMPANY_STATES, type TCompany, type TCompanyState, type TSpecialty } from '@portal/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useAlerts } from '../../../components/feedback/alerts';
import { useDirtyGuard } from '../../../components/form/dirty-guard';
import { FormActions } from '../../../components/form/form-actions';
import { useImageChoice } from '../../../components/form/image-choice';
import { ImageField } from '../../../components/form/image-field';
import { saveWithFieldErrors } from '../../../components/form/save-with-field-errors';
import { de } from '../../../i18n/de';
import { ApiError } from '../../../lib/api-error';
import { usePatchCompany, useRemoveLogo, useSetLogo } from '../api/save-company';
import {
  type CompanyFormInput,
  type CompanyFormOutput,
  companyPatch,
  formValuesOf,
  ZCompanyForm,
} from '../lib/company-form';
import { ContactFunctions } from './contact-functions';
import { StaleNotice } from './stale-notice';

const texts = de.directory;
const FIELDS = [
  'name',
  'street',
  'postalCode',
  'city',
  'state',
  'website',
  'phone',
  'email',
  'description',
  'specialtyIds',
  'contacts',
] as const;
const STATE_CHOICES = Object.entries(COMPANY_STATES).map(([value, label]) => ({ value, label }));

interface CompanyFormProps {
  company: TCompany;
  specialties: readonly TSpecialty[];
  /** Reads the company again (after a 409): the form starts over from what is saved now. */
  reload: () => Promise<TCompany | null>;
  onDone: () => void;
}

/** The company's data, its logo and its contacts' functions; only what changed is sent, with the version read. */
export function CompanyForm({ company, specialties, reload, onDone }: CompanyFormProps) {
  const alerts = useAlerts();
  const [base, setBase] = useState(company);
  const [stale, setStale] = useState(false);
  const patch = usePatchCompany();
  const setLogo = useSetLogo();
  const removeLogo = useRemoveLogo();
  const logo = useImageChoice(texts.logoType);
  const { register, control, handleSubmit, setError, reset, formState } = useForm<
    CompanyFormInput,
    unknown,
    CompanyFormOutput
  >({ resolver: zodResolver(ZCompanyForm), defaultValues: formValuesOf(company) });
  const { errors } = formState;
  useDirtyGuard(formState.isDirty || logo.choice.file !== null || logo.choice.remove);

  const submit = handleSubmit(async (values) => {
    if (!logo.check()) return;
    const changes = companyPatch(base, values);
    const target = { entity: '', fields: FIELDS, setError };
    if (changes) {
      const onError = (failure: unknown) => setStale(failure instanceof ApiError && failure.status === 409);
      const saved = await saveWithFieldErrors(() => patch.mutateAsync({ id: base.id, patch: changes }), {
        ...target,
        onError,
      });
      if (!saved.ok) return;
    }
    if (logo.choice.file || (logo.choice.remove && base.logo)) {
      const file = logo.choice.file;
      try {
        if (file) await setLogo.mutateAsync({ id: base.id, logo: file });
        else await removeLogo.mutateAsync(base.id);
      } catch (failure) {
        logo.showServerError(failure);
        return;
      }
    }
    alerts.success(texts.saved);
    onDone();
  }, logo.check);

  const startOver = async () => {
    const fresh = await reload();
    if (!fresh) return;
    setBase(fresh);
    reset(formValuesOf(fresh));
    setStale(false);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {stale && <StaleNotice onReload={() => void startOver()} />}
        <TextInput
          label={texts.name}
          withAsterisk
          data-autofocus
          error={errors.name?.message}
          {...register('name')}
        />
        <TextInput
          label={texts.street}
          autoComplete="off"
          error={errors.street?.message}
          {...register('street')}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput
            label={texts.postalCode}
            inputMode="numeric"
            maxLength={5}
            error={errors.postalCode?.message}
            {...register('postalCode')}
          />
          <TextInput label={texts.city} error={errors.city?.message} {...register('city')} />
          <Controller
            control={control}
            name="state"
            render={({ field }) => (
              <Select
                ref={field.ref}
                label={texts.state}
                data={STATE_CHOICES}
                value={field.value ?? null}
                clearable
                onChange={(value) => field.onChange((value as TCompanyState | null) ?? null)}
                onBlur={field.onBlur}
                error={errors.state?.message}
                comboboxProps={{ withinPortal: false }}
              />
            )}
          />
        </SimpleGrid>
        <TextInput
          type="url"
          label={texts.website}
          description={texts.websiteHint}
          error={errors.website?.message}
          {...register('website')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            type="tel"
            label={texts.companyPhone}
            error={errors.phone?.message}
            {...register('phone')}
          />
          <TextInput
            type="email"
            label={texts.companyEmail}
            error={errors.email?.message}
            {...register('email')}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="specialtyIds"
          render={({ field }) => (
            <MultiSelect
              ref={field.ref}
              label={texts.specialties}
              placeholder={texts.chooseSpecialties}
              data={specialties.map((specialty) => ({ value: String(specialty.id), label: specialty.name }))}
              value={field.value.map(String)}
              onChange={(value) => field.onChange(value.map(Number))}
              onBlur={field.onBlur}
              clearable
              searchable
              error={errors.specialtyIds?.message}
              comboboxProps={{ withinPortal: false }}
            />
          )}
        />
        <Textarea
          label={texts.description}
          autosize
          minRows={3}
          maxRows={10}
          error={errors.description?.message}
          {...register('description')}
        />
        <ImageField
          current={base.logo ? { url: base.logo, name: null } : null}
          choice={logo.choice}
          onChange={logo.choose}
          error={logo.error}
          labels={texts.logoField}
        />
        <ContactFunctions contacts={base.contacts} control={control} />
        <FormActions onCancel={onDone} submitting={formState.isSubmitting} />
      </Stack>
    </form>
  );
}
