import { COMPANY_FUNCTIONS, type TCompanyFunction } from '@portal/contract';

export const FUNCTION_CHOICES = COMPANY_FUNCTIONS.map((name) => ({ value: name, label: name }));

/** A select's value as a function of the list; anything else (cleared) is none. */
export function functionOf(value: string | null): TCompanyFunction | null {
  return COMPANY_FUNCTIONS.find((name) => name === value) ?? null;
}
