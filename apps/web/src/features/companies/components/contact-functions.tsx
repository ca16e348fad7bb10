import { Select, Stack, Text } from '@mantine/core';
import { COMPANY_FUNCTIONS, type TCompanyContact, type TCompanyFunction } from '@portal/contract';
import { type Control, Controller } from 'react-hook-form';
import { de } from '../../../i18n/de';
import type { CompanyFormInput } from '../lib/company-form';

const texts = de.directory;
const NONE = 'keine';
const CHOICES = [
  { value: NONE, label: texts.noFunction },
  ...COMPANY_FUNCTIONS.map((name) => ({ value: name, label: name })),
];

interface ContactFunctionsProps {
  contacts: readonly TCompanyContact[];
  control: Control<CompanyFormInput>;
}

/** One function choice per contact, in the company form (the main contact sets them for their colleagues). */
export function ContactFunctions({ contacts, control }: ContactFunctionsProps) {
  if (contacts.length === 0) return null;
  return (
    <Stack component="fieldset" gap="xs" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" fw={600} size="sm" mb={4}>
        {texts.functions}
      </Text>
      {contacts.map((contact, index) => (
        <Controller
          key={contact.userId}
          control={control}
          name={`contacts.${index}.function`}
          render={({ field, fieldState }) => (
            <Select
              ref={field.ref}
              label={texts.functionOf(contact.name)}
              data={CHOICES}
              value={field.value ?? NONE}
              allowDeselect={false}
              onChange={(value) =>
                field.onChange(value === null || value === NONE ? null : (value as TCompanyFunction))
              }
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              comboboxProps={{ withinPortal: false }}
            />
          )}
        />
      ))}
    </Stack>
  );
}
