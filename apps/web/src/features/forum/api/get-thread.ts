import { FORUM_API, FORUM_POSTS_PAGE_SIZE, ZForumThread } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { notDeleted } from '../../../lib/deleted-queries';
import { withQuery } from '../../../lib/form-data';
import { api } from '../../../lib/portal';
import type { ThreadPageParam } from '../lib/paging';
import { forumKeys } from './query-keys';

/**
 * GET /api/forumThread/{id}?page&pageSize: the thread and one page of its posts, oldest first (`page=last`
 * answers the last page, where a new reply lands). A long thread never travels whole. Silent: the thread
 * page tells a missing thread inline (issue 14).
 */
function threadQuery(id: number, page: ThreadPageParam) {
  return queryOptions({
    queryKey: forumKeys.threadPage(id, page),
    queryFn: ({ signal }) =>
      api.get(withQuery(FORUM_API.thread(id), { page, pageSize: FORUM_POSTS_PAGE_SIZE }), {
        schema: ZForumThread,
        signal,
        silent: true,
      }),
    enabled: notDeleted,
  });
}

/** Keeps the page on screen while the next one loads, so paging does not flash. */
export function useThread(id: number, page: ThreadPageParam) {
  return useQuery({ ...threadQuery(id, page), placeholderData: keepPreviousData });
}
