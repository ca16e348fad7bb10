import type { TCompany } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { companyFormValues, companyPatch, ZCompanyForm } from './company-form';

const company: TCompany = {
  id: 4,
  name: 'Glas Müller GmbH',
  street: 'Hauptstraße 1',
  postalCode: '80331',
  city: 'München',
  state: 'BY',
  logo: null,
  specialties: [
    { id: 1, name: 'Glaserei' },
    { id: 3, name: 'Glashandel' },
  ],
  website: null,
  phone: null,
  email: null,
  description: null,
  version: 7,
  canEdit: true,
  contacts: [],
};

const submitted = (change: Partial<ReturnType<typeof companyFormValues>>) =>
  ZCompanyForm.parse({ ...companyFormValues(company), ...change });

describe('the admin company form', () => {
  it('sends nothing when nothing changed, also with the specialties in another order', () => {
    expect(companyPatch(company, submitted({ specialtyIds: [3, 1] }))).toBeNull();
  });

  it('sends only the changed fields with the version read', () => {
    expect(companyPatch(company, submitted({ city: 'Augsburg', website: 'https://glas.example' }))).toEqual({
      city: 'Augsburg',
      website: 'https://glas.example',
      version: 7,
    });
  });

  it('empties a field that was cleared and unsets the state', () => {
    expect(companyPatch(company, submitted({ street: '  ', state: null }))).toEqual({
      street: '',
      state: null,
      version: 7,
    });
  });

  it('refuses a bad PLZ with the contract German message', () => {
    const result = ZCompanyForm.safeParse({ ...companyFormValues(company), postalCode: '8033' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Die PLZ besteht aus fünf Ziffern.');
  });
});
