import { COMPANIES_API, ZCompany, ZCompanyPage } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { withQuery } from '../../../../lib/form-data';
import { api } from '../../../../lib/portal';
import { adminKeys } from './query-keys';

/** The choices stay for a while: the list's filter opens again and again while an admin works through it. */
const CHOICES_STALE_MS = 60_000;

/** GET /api/companies?q: the first page of member companies by name matching what the admin typed. */
export function useCompanyChoices(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: adminKeys.companyChoices(text),
    queryFn: ({ signal }) =>
      api.get(withQuery(COMPANIES_API.list, { q: text }), { schema: ZCompanyPage, signal }),
    placeholderData: keepPreviousData,
    staleTime: CHOICES_STALE_MS,
  });
}

/** The name of the company the list is filtered by (from an address), null while there is none. */
export function useCompanyName(id: number | null): string | null {
  const company = useQuery({
    queryKey: adminKeys.company(id ?? 0),
    queryFn: ({ signal }) => api.get(COMPANIES_API.byId(id ?? 0), { schema: ZCompany, signal, silent: true }),
    enabled: id !== null,
    staleTime: CHOICES_STALE_MS,
  });
  return company.data?.name ?? null;
}
