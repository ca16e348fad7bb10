import { FORUM_API, ZForumUnread } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { forumKeys } from './query-keys';

/**
 * GET /api/forum/unread: how many threads hold posts the member has not seen (issue 17). Silent: a small
 * extra on the dashboard, left out when it fails rather than adding a red banner.
 */
function unreadQuery() {
  return queryOptions({
    queryKey: forumKeys.unread(),
    queryFn: ({ signal }) => api.get(FORUM_API.unread, { schema: ZForumUnread, signal, silent: true }),
  });
}

export function useForumUnread(enabled: boolean) {
  return useQuery({ ...unreadQuery(), enabled });
}
