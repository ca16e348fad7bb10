import { COMPANIES_API, ZCompanyPage, ZSpecialty } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { withQuery } from '../../../lib/form-data';
import { api } from '../../../lib/portal';
import { apiDirectoryQuery, type DirectoryQuery } from '../lib/directory-query';
import { companyKeys } from './query-keys';

/** GET /api/companies?q&state&specialty&letter&page: one page of cards and the total. */
function companiesQuery(query: DirectoryQuery) {
  return queryOptions({
    queryKey: companyKeys.page(query),
    queryFn: ({ signal }) =>
      api.get(withQuery(COMPANIES_API.list, apiDirectoryQuery(query)), { schema: ZCompanyPage, signal }),
  });
}

/** Keeps the previous page on screen while the next one loads, so paging and typing do not flash. */
export function useCompanies(query: DirectoryQuery) {
  return useQuery({ ...companiesQuery(query), placeholderData: keepPreviousData });
}

const ZSpecialties = z.array(ZSpecialty);

/** GET /api/companies/specialties: the choices of the filter and of the company form, by name. */
export function useSpecialties() {
  return useQuery({
    queryKey: companyKeys.specialties,
    queryFn: ({ signal }) => api.get(COMPANIES_API.specialties, { schema: ZSpecialties, signal }),
    staleTime: 5 * 60_000,
  });
}
