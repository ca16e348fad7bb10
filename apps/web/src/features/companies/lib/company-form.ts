import {
  COMPANY_FUNCTIONS,
  companyFields,
  type TCompany,
  type TCompanyFunction,
  type TCompanyPatch,
  type TCompanyState,
} from '@portal/contract';
import { z } from 'zod';

/**
 * The company form checks with the contract's own field schemas, so that the browser refuses what the server
 * refuses with the same German message; empty texts become null as on the server.
 */
export const ZCompanyForm = z.object({
  ...companyFields,
  contacts: z.array(z.object({ userId: z.number().int(), function: z.enum(COMPANY_FUNCTIONS).nullable() })),
});
export type CompanyFormInput = z.input<typeof ZCompanyForm>;
export type CompanyFormOutput = z.output<typeof ZCompanyForm>;

const TEXT_FIELDS = ['street', 'postalCode', 'city', 'website', 'phone', 'email', 'description'] as const;

/** The form's start: the company as read, null texts as empty fields. */
export function formValuesOf(company: TCompany): CompanyFormInput {
  return {
    name: company.name,
    street: company.street ?? '',
    postalCode: company.postalCode ?? '',
    city: company.city ?? '',
    state: company.state,
    website: company.website ?? '',
    phone: company.phone ?? '',
    email: company.email ?? '',
    description: company.description ?? '',
    specialtyIds: company.specialties.map((specialty) => specialty.id),
    contacts: company.contacts.map((contact) => ({ userId: contact.userId, function: contact.function })),
  };
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const left = [...a].sort((x, y) => x - y);
  const right = [...b].sort((x, y) => x - y);
  return left.length === right.length && left.every((id, index) => id === right[index]);
}

/**
 * PATCH /api/companies/{id} with what changed and the version read (a change by someone else since is
 * refused with 409); null when nothing changed, so that nothing is sent and nothing audited.
 */
export function companyPatch(company: TCompany, values: CompanyFormOutput): TCompanyPatch | null {
  const patch: TCompanyPatch = {};
  if (values.name !== company.name) patch.name = values.name;
  for (const field of TEXT_FIELDS) {
    if (values[field] !== company[field]) patch[field] = values[field];
  }
  if (values.state !== company.state) patch.state = values.state as TCompanyState | null;
  const specialtyIds = company.specialties.map((specialty) => specialty.id);
  if (!sameIds(values.specialtyIds, specialtyIds)) patch.specialtyIds = values.specialtyIds;
  const contacts = values.contacts.filter(
    (contact) => company.contacts.find((was) => was.userId === contact.userId)?.function !== contact.function,
  );
  if (contacts.length > 0) {
    patch.contacts = contacts.map((contact) => ({
      userId: contact.userId,
      function: contact.function as TCompanyFunction | null,
    }));
  }
  if (Object.keys(patch).length === 0) return null;
  return { ...patch, version: company.version };
}
