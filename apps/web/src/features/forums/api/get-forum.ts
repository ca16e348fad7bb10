import { FORUM_API, ZForum } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { notDeleted } from '../../../lib/deleted-queries';
import { withQuery } from '../../../lib/form-data';
import { api } from '../../../lib/portal';
import { forumKeys } from './query-keys';

/**
 * GET /api/forum/{id}?page: the forum with one page of its threads, newest activity first. Silent: the
 * forum page tells a missing forum inline.
 */
function forumQuery(id: number, page: number) {
  return queryOptions({
    queryKey: forumKeys.forumPage(id, page),
    queryFn: ({ signal }) =>
      api.get(withQuery(FORUM_API.byId(id), { page }), { schema: ZForum, signal, silent: true }),
    enabled: notDeleted,
  });
}

export function useForum(id: number, page: number) {
  return useQuery({ ...forumQuery(id, page), placeholderData: keepPreviousData });
}
