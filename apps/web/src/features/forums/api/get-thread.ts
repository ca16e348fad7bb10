import { FORUM_API, FORUM_POSTS_PAGE_SIZE, type TForumThread, ZForumThread } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { notDeleted } from '../../../lib/deleted-queries';
import { withQuery } from '../../../lib/form-data';
import { api } from '../../../lib/portal';
import type { ThreadPageParam } from '../lib/paging';
import { forumKeys } from './query-keys';
import { refreshReadMarkers } from './read-markers';

/**
 * GET /api/forumThread/{id}?page&pageSize: the thread and one page of its posts, oldest first (`page=last`
 * answers the last page, where a new reply lands; `page=unread` the page of the member's first unread
 * post). A long thread never travels whole. Silent: the thread page tells a missing thread inline (issue 14).
 * Every answer marks the thread read, so the unread markers elsewhere are stale after one that had news.
 */
function threadQuery(id: number, page: ThreadPageParam, onLoaded: (thread: TForumThread) => void) {
  return queryOptions({
    queryKey: forumKeys.threadPage(id, page),
    queryFn: async ({ signal }) => {
      const path = withQuery(FORUM_API.thread(id), { page, pageSize: FORUM_POSTS_PAGE_SIZE });
      const thread = await api.get(path, { schema: ZForumThread, signal, silent: true });
      onLoaded(thread);
      return thread;
    },
    enabled: notDeleted,
    // `unread` lands on another page once read: never kept, asked afresh on every opening.
    ...(page === 'unread' ? { staleTime: 0, gcTime: 0 } : {}),
  });
}

/** Keeps the page on screen while the next one loads, so paging does not flash. */
export function useThread(id: number, page: ThreadPageParam) {
  const queryClient = useQueryClient();
  const onLoaded = (thread: TForumThread) => {
    if (thread.unread > 0) void refreshReadMarkers(queryClient, thread.forumId);
  };
  return useQuery({ ...threadQuery(id, page, onLoaded), placeholderData: keepPreviousData });
}
