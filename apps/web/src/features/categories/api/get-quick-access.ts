import { CATEGORY_API, ZContentCategoryTree } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { categoryKeys } from './query-keys';

/** GET /api/contentCategory/quickAccess: the dashboard's quick-access links (SPEC §2 Dashboard). */
function quickAccessQuery() {
  return queryOptions({
    queryKey: categoryKeys.quickAccess(),
    queryFn: ({ signal }) => api.get(CATEGORY_API.quickAccess, { schema: ZContentCategoryTree, signal }),
  });
}

export function useQuickAccess() {
  return useQuery(quickAccessQuery());
}
