import { COMPANY_STATES, type TCompanyCard } from '@portal/contract';

/** 'PLZ Ort' as far as known, or null. */
export function placeOf(company: Pick<TCompanyCard, 'postalCode' | 'city'>): string | null {
  const place = [company.postalCode, company.city].filter(Boolean).join(' ');
  return place === '' ? null : place;
}

/** The card's second line: 'PLZ Ort · Bundesland' as far as known, or null. */
export function placeLine(company: Pick<TCompanyCard, 'postalCode' | 'city' | 'state'>): string | null {
  const parts = [placeOf(company), company.state ? COMPANY_STATES[company.state] : null].filter(
    (part): part is string => part !== null,
  );
  return parts.length === 0 ? null : parts.join(' · ');
}

/** A website as a link the browser opens and as the member reads it (without scheme and trailing slash). */
export function websiteOf(url: string): { href: string; label: string } | null {
  if (!/^https?:\/\//i.test(url)) return null;
  return { href: url, label: url.replace(/^https?:\/\//i, '').replace(/\/$/, '') };
}
