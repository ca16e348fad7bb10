import { SEARCH_SYNONYMS_API, type TSearchSynonymInput, ZSearchSynonym } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/portal';
import { synonymKeys } from './get-synonyms';

interface SynonymSave {
  /** null: a new group */
  id: number | null;
  values: TSearchSynonymInput;
}

/** POST /api/admin/searchSynonyms for a new group, PUT /api/admin/searchSynonyms/{id} with all its terms. */
function saveSynonyms({ id, values }: SynonymSave) {
  return id === null
    ? api.post(SEARCH_SYNONYMS_API.list, values, { schema: ZSearchSynonym })
    : api.put(SEARCH_SYNONYMS_API.byId(id), values, { schema: ZSearchSynonym });
}

export function useSaveSynonyms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSynonyms,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: synonymKeys.admin }),
  });
}
