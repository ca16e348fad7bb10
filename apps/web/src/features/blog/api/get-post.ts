import { BLOG_API, ZBlog } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { notDeleted } from '../../../lib/deleted-queries';
import { api } from '../../../lib/portal';
import { blogKeys } from './query-keys';

/**
 * GET /api/blog/{id}. Silent: a missing or hidden post (404) is told on the page itself rather than in a
 * red banner.
 */
function postQuery(id: number) {
  return queryOptions({
    queryKey: blogKeys.post(id),
    queryFn: ({ signal }) => api.get(BLOG_API.byId(id), { schema: ZBlog, signal, silent: true }),
    enabled: notDeleted,
  });
}

export function usePost(id: number) {
  return useQuery(postQuery(id));
}
