import { CONTENT_API, ZContentRows } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { withQuery } from '../../../lib/form-data';
import { api } from '../../../lib/portal';
import { contentKeys, type RowsQuery } from './query-keys';

/**
 * GET /api/content/{id}/rows?offset&limit&q: a page of a large table, optionally searched. Without the
 * global spinner: the table shows its own loading state while the user types or scrolls.
 */
export function contentRowsQuery(itemId: number, query: RowsQuery) {
  return queryOptions({
    queryKey: contentKeys.rows(itemId, query),
    queryFn: ({ signal }) =>
      api.get(withQuery(CONTENT_API.rows(itemId), { ...query }), {
        schema: ZContentRows,
        signal,
        hideSpinner: true,
      }),
    staleTime: 5 * 60_000,
  });
}

export function useContentRows(itemId: number, query: RowsQuery, enabled = true) {
  return useQuery({ ...contentRowsQuery(itemId, query), enabled, placeholderData: keepPreviousData });
}
