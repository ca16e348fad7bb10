import { companyFields, type TCompany, type ZCompanyPatch } from '@portal/contract';
import { z } from 'zod';

/** The company's own fields as the form checks them: the contract's, so the browser says what the server would. */
export const ZCompanyForm = z.object(companyFields);
export type CompanyFormValues = z.input<typeof ZCompanyForm>;
type CompanyFormOutput = z.output<typeof ZCompanyForm>;

export const COMPANY_FORM_FIELDS = [
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
] as const satisfies readonly (keyof CompanyFormValues)[];

/** The form starts with the company's data; an empty field is an empty text. */
export function companyFormValues(company: TCompany): CompanyFormValues {
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
  };
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const sorted = (ids: readonly number[]) => [...ids].sort((x, y) => x - y).join(',');
  return sorted(a) === sorted(b);
}

/**
 * The PATCH of what the admin changed, with the version read: two admins changing different fields both
 * keep their change, and a save over someone else's is refused (decision 0172). Null when nothing changed.
 */
export function companyPatch(
  company: TCompany,
  values: CompanyFormOutput,
): z.input<typeof ZCompanyPatch> | null {
  const patch: z.input<typeof ZCompanyPatch> = {};
  if (values.name !== company.name) patch.name = values.name;
  const texts = ['street', 'postalCode', 'city', 'website', 'phone', 'email', 'description'] as const;
  for (const field of texts) if (values[field] !== company[field]) patch[field] = values[field] ?? '';
  if (values.state !== company.state) patch.state = values.state;
  const ids = company.specialties.map((specialty) => specialty.id);
  if (!sameIds(values.specialtyIds, ids)) patch.specialtyIds = values.specialtyIds;
  if (Object.keys(patch).length === 0) return null;
  return { ...patch, version: company.version };
}
