import { COMPANIES_API, type TCompany, type TCompanyPatch, ZCompany } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { companyKeys } from './query-keys';

/** After a save the company's page shows the answer; the directory's cards are read again. */
function useStoreCompany() {
  const queryClient = useQueryClient();
  return (company: TCompany) => {
    queryClient.setQueryData(companyKeys.company(company.id), company);
    return queryClient.invalidateQueries({ queryKey: ['companies', 'list'] });
  };
}

/** PATCH /api/companies/{id} with the changed fields and the version read (409 when changed since). */
export function usePatchCompany() {
  const store = useStoreCompany();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: TCompanyPatch }) =>
      api.patch(COMPANIES_API.byId(id), patch, { schema: ZCompany }),
    onSuccess: store,
  });
}

/** PUT /api/companies/{id}/logo (multipart `logo`, PNG or JPEG). */
export function useSetLogo() {
  const store = useStoreCompany();
  return useMutation({
    mutationFn: ({ id, logo }: { id: number; logo: File }) =>
      api.putForm(COMPANIES_API.logo(id), { logo }, { schema: ZCompany }),
    onSuccess: store,
  });
}

/** DELETE /api/companies/{id}/logo. */
export function useRemoveLogo() {
  const store = useStoreCompany();
  return useMutation({
    mutationFn: (id: number) => api.delete(COMPANIES_API.logo(id), { schema: ZCompany }),
    onSuccess: store,
  });
}
