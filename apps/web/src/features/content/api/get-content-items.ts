import { CONTENT_API, ZContentItemList } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { contentKeys } from './query-keys';

/** GET /api/content/{categoryId}: the items of a content page, by position. Silent: the page tells. */
function contentItemsQuery(categoryId: number) {
  return queryOptions({
    queryKey: contentKeys.items(categoryId),
    queryFn: ({ signal }) =>
      api.get(CONTENT_API.byCategory(categoryId), { schema: ZContentItemList, signal, silent: true }),
  });
}

export function useContentItems(categoryId: number) {
  return useQuery(contentItemsQuery(categoryId));
}
