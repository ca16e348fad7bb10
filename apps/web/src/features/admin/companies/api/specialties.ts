import { ADMIN_COMPANIES_API, type TSpecialty, ZSpecialty } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/portal';
import { companyKeys } from './query-keys';

/** GET /api/admin/companies/specialties: every specialty by name. */
export function useSpecialties() {
  return useQuery({
    queryKey: companyKeys.specialties,
    queryFn: ({ signal }) => api.get(ADMIN_COMPANIES_API.specialties, { schema: ZSpecialty.array(), signal }),
  });
}

interface SpecialtySave {
  /** null: a new specialty */
  id: number | null;
  name: string;
}

/** POST a new specialty or PATCH a specialty's name (every company that chose it follows). */
export function useSaveSpecialty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: SpecialtySave): Promise<TSpecialty> =>
      id === null
        ? api.post(ADMIN_COMPANIES_API.specialties, { name }, { schema: ZSpecialty })
        : api.patch(ADMIN_COMPANIES_API.specialty(id), { name }, { schema: ZSpecialty }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.admin }),
        queryClient.invalidateQueries({ queryKey: companyKeys.directory }),
      ]),
  });
}

/** DELETE a specialty: it leaves every company that had it. */
export function useDeleteSpecialty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(ADMIN_COMPANIES_API.specialty(id)),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<TSpecialty[]>(companyKeys.specialties, (list) =>
        list?.filter((specialty) => specialty.id !== id),
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.admin }),
        queryClient.invalidateQueries({ queryKey: companyKeys.directory }),
      ]);
    },
  });
}
