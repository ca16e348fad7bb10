import { COMPANIES_API, ZCompany, ZCompanyPage } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { withQuery } from '../../../../lib/form-data';
import { api } from '../../../../lib/portal';
import { companyKeys } from './query-keys';

/** GET /api/companies?q&page: the directory's pages, which list every company for admins too. */
export function useCompanyPage(q: string, page: number) {
  return useQuery({
    queryKey: companyKeys.page(q, page),
    queryFn: ({ signal }) =>
      api.get(withQuery(COMPANIES_API.list, { q, page }), { schema: ZCompanyPage, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/companies/{id} with its contacts. */
export function useCompany(id: number) {
  return useQuery({
    queryKey: companyKeys.company(id),
    queryFn: ({ signal }) => api.get(COMPANIES_API.byId(id), { schema: ZCompany, signal }),
  });
}
