import { FORUM_API, ZForumSummary } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/portal';
import { forumKeys } from './query-keys';

const ZForumList = z.array(ZForumSummary);

/** GET /api/forum: every forum by name, with thread count and last activity. */
function forumsQuery() {
  return queryOptions({
    queryKey: forumKeys.list(),
    queryFn: ({ signal }) => api.get(FORUM_API.list, { schema: ZForumList, signal }),
  });
}

export function useForums() {
  return useQuery(forumsQuery());
}
