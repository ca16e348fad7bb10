import { CATEGORY_API, ZContentCategory } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { categoryKeys } from './query-keys';

/**
 * GET /api/contentCategory/{id}: name, description and `parentNames` of a content page. Silent: a missing
 * page (404) is told on the page itself, never also in the red banner (issue 14).
 */
function categoryQuery(id: number) {
  return queryOptions({
    queryKey: categoryKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get(CATEGORY_API.byId(id), { schema: ZContentCategory, signal, silent: true }),
  });
}

export function useCategory(id: number) {
  return useQuery(categoryQuery(id));
}
