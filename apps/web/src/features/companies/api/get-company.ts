import { COMPANIES_API, ZCompany } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { companyKeys } from './query-keys';

/** GET /api/companies/{id}: the company with its contacts (e-mail and phone only of those who agreed). */
export function useCompany(id: number) {
  return useQuery({
    queryKey: companyKeys.company(id),
    queryFn: ({ signal }) => api.get(COMPANIES_API.byId(id), { schema: ZCompany, signal, silent: true }),
  });
}
