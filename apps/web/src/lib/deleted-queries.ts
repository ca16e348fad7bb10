import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A deleted item is not fetched again (issue 14). Removing its query is not enough while its page is still
 * on screen: the page's next render (the finished mutation re-renders it) builds the query afresh and asks
 * the server for the deleted id, which answers 404. So the key is marked as deleted before it is removed,
 * and detail queries are enabled only while no prefix of their key is marked. Ids are never reused.
 */
const deleted = new Set<string>();

function hash(key: QueryKey): string {
  return JSON.stringify(key);
}

/** Marks `queryKey` (and every key it is a prefix of) as deleted and drops its cached queries. */
export function forgetDeleted(queryClient: QueryClient, queryKey: QueryKey): void {
  deleted.add(hash(queryKey));
  queryClient.removeQueries({ queryKey });
}

export function isDeletedKey(queryKey: QueryKey): boolean {
  for (let length = 1; length <= queryKey.length; length += 1) {
    if (deleted.has(hash(queryKey.slice(0, length)))) return true;
  }
  return false;
}

/** The `enabled` option of a detail query: false once its item has been deleted. */
export function notDeleted(query: Pick<Query, 'queryKey'>): boolean {
  return !isDeletedKey(query.queryKey);
}
