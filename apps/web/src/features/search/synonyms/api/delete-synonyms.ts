import { SEARCH_SYNONYMS_API, type TSearchSynonym } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/portal';
import { synonymKeys } from './get-synonyms';

/** DELETE /api/admin/searchSynonyms/{id}. */
export function useDeleteSynonyms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(SEARCH_SYNONYMS_API.byId(id)),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<TSearchSynonym[]>(synonymKeys.list, (list) =>
        list?.filter((group) => group.id !== id),
      );
      return queryClient.invalidateQueries({ queryKey: synonymKeys.admin });
    },
  });
}
