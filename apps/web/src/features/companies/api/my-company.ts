import { COMPANIES_API, type TMyCompanyPatch, ZMyCompany } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { companyKeys } from './query-keys';

/** GET /api/account/company: the member's company, function and consent 'In Verzeichnis anzeigen'. */
export function useMyCompany() {
  return useQuery({
    queryKey: companyKeys.mine,
    queryFn: ({ signal }) => api.get(COMPANIES_API.mine, { schema: ZMyCompany, signal }),
  });
}

/** PATCH /api/account/company; the company's page shows or hides the member's e-mail and phone after it. */
export function useSaveMyCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: TMyCompanyPatch) => api.patch(COMPANIES_API.mine, patch, { schema: ZMyCompany }),
    onSuccess: (saved) => {
      queryClient.setQueryData(companyKeys.mine, saved);
      if (saved.company) {
        void queryClient.invalidateQueries({ queryKey: companyKeys.company(saved.company.id) });
      }
    },
  });
}
