import {
  ADMIN_COMPANIES_API,
  COMPANIES_API,
  type TCompany,
  ZCompany,
  type ZCompanyCreate,
  type ZCompanyMemberInput,
  type ZCompanyPatch,
} from '@portal/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../../lib/portal';
import { companyKeys } from './query-keys';

/** After any change: the admin's lists and the directory are read again. */
function refresh(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: companyKeys.admin }),
    queryClient.invalidateQueries({ queryKey: companyKeys.directory }),
  ]);
}

/** Keeps the answer of a save as the company's data, so the form shows what the server kept. */
function useCompanyMutation<V>(run: (variables: V) => Promise<TCompany | null>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (company) => {
      if (company) queryClient.setQueryData(companyKeys.company(company.id), company);
      return refresh(queryClient);
    },
  });
}

/** POST /api/admin/companies. */
export function useCreateCompany() {
  return useCompanyMutation((values: z.input<typeof ZCompanyCreate>) =>
    api.post(ADMIN_COMPANIES_API.create, values, { schema: ZCompany }),
  );
}

/** PATCH /api/companies/{id} with the version read (409 when someone saved in between). */
export function useSaveCompany(id: number) {
  return useCompanyMutation((values: z.input<typeof ZCompanyPatch>) =>
    api.patch(COMPANIES_API.byId(id), values, { schema: ZCompany }),
  );
}

/** PUT (a file) or DELETE (null) /api/companies/{id}/logo. */
export function useSaveLogo(id: number) {
  return useCompanyMutation((logo: File | null) =>
    logo
      ? api.putForm(COMPANIES_API.logo(id), { logo }, { schema: ZCompany })
      : api.delete(COMPANIES_API.logo(id)).then(() => null),
  );
}

/** DELETE /api/admin/companies/{id}. */
export function useDeleteCompany() {
  return useCompanyMutation((id: number) => api.delete(ADMIN_COMPANIES_API.byId(id)).then(() => null));
}

interface MemberLink {
  userId: number;
  input: z.input<typeof ZCompanyMemberInput>;
}

/** PUT /api/admin/companies/{id}/members/{userId}: links the member, sets function and main contact. */
export function useLinkMember(id: number) {
  return useCompanyMutation(({ userId, input }: MemberLink) =>
    api.put(ADMIN_COMPANIES_API.member(id, userId), input).then(() => null),
  );
}

/** DELETE /api/admin/companies/{id}/members/{userId}. */
export function useUnlinkMember(id: number) {
  return useCompanyMutation((userId: number) =>
    api.delete(ADMIN_COMPANIES_API.member(id, userId)).then(() => null),
  );
}
