import { CATEGORY_API, ZContentCategoryTree } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { categoryKeys } from './query-keys';

/** GET /api/contentCategory/: the drawer tree (SPEC §7). */
function categoryTreeQuery() {
  return queryOptions({
    queryKey: categoryKeys.tree(),
    queryFn: ({ signal }) => api.get(CATEGORY_API.tree, { schema: ZContentCategoryTree, signal }),
  });
}

export function useCategoryTree() {
  return useQuery(categoryTreeQuery());
}
