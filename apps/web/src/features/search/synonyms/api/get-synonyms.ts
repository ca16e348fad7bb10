import { SEARCH_SYNONYMS_API, ZSearchSynonym } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/portal';

export const synonymKeys = {
  /** every admin screen's answers: the audit log shows the change */
  admin: ['admin'] as const,
  list: ['admin', 'searchSynonyms'] as const,
};

/** GET /api/admin/searchSynonyms: every group of synonyms with its terms. */
function synonymsQuery() {
  return queryOptions({
    queryKey: synonymKeys.list,
    queryFn: ({ signal }) => api.get(SEARCH_SYNONYMS_API.list, { schema: ZSearchSynonym.array(), signal }),
  });
}

export function useSearchSynonyms() {
  return useQuery(synonymsQuery());
}
