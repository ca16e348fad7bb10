import { COMPANY_MESSAGES, type TCompany } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { companyPatch, formValuesOf, ZCompanyForm } from './company-form';

const COMPANY: TCompany = {
  id: 7,
  name: 'Glas Müller GmbH',
  street: 'Hauptstraße 1',
  postalCode: '80331',
  city: 'München',
  state: 'BY',
  logo: null,
  website: null,
  phone: null,
  email: 'info@glas-mueller.de',
  description: null,
  version: 4,
  canEdit: true,
  specialties: [
    { id: 1, name: 'Glasveredelung' },
    { id: 3, name: 'Glashandel' },
  ],
  contacts: [
    {
      userId: 10,
      name: 'erika',
      username: 'erika',
      function: 'Geschäftsführung',
      mainContact: true,
      email: null,
      phone: null,
      vcard: null,
    },
    {
      userId: 11,
      name: 'max',
      username: 'max',
      function: null,
      mainContact: false,
      email: null,
      phone: null,
      vcard: null,
    },
  ],
};

const parse = (values: unknown) => ZCompanyForm.parse(values);

describe('the company form', () => {
  it('should send nothing when nothing changed', () => {
    expect(companyPatch(COMPANY, parse(formValuesOf(COMPANY)))).toBeNull();
  });

  it('should not count the specialties in another order as a change', () => {
    const values = { ...formValuesOf(COMPANY), specialtyIds: [3, 1] };
    expect(companyPatch(COMPANY, parse(values))).toBeNull();
  });

  it('should send only the changed fields, emptied ones as null, with the version read', () => {
    const values = {
      ...formValuesOf(COMPANY),
      city: ' Augsburg ',
      email: '',
      website: 'https://glas-mueller.de',
      specialtyIds: [1],
    };
    expect(companyPatch(COMPANY, parse(values))).toEqual({
      city: 'Augsburg',
      email: null,
      website: 'https://glas-mueller.de',
      specialtyIds: [1],
      version: 4,
    });
  });

  it('should send only the contacts whose function changed', () => {
    const values = formValuesOf(COMPANY);
    values.contacts = [
      { userId: 10, function: 'Geschäftsführung' },
      { userId: 11, function: 'Vertrieb' },
    ];
    expect(companyPatch(COMPANY, parse(values))).toEqual({
      contacts: [{ userId: 11, function: 'Vertrieb' }],
      version: 4,
    });
  });

  it("should refuse with the server's German messages", () => {
    const result = ZCompanyForm.safeParse({
      ...formValuesOf(COMPANY),
      name: '  ',
      postalCode: '8033',
      website: 'glas.de',
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['name', COMPANY_MESSAGES.nameRequired],
        ['postalCode', COMPANY_MESSAGES.postalCode],
        ['website', COMPANY_MESSAGES.website],
      ]),
    );
  });
});
