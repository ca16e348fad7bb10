import { CONVERSATION_API, ZForumPostVersions } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { forumKeys } from './query-keys';

/** GET /api/forumPost/{id}/versions (issue 37): oldest first, the current text last. Silent: the dialog tells. */
function versionsQuery(postId: number) {
  return queryOptions({
    queryKey: forumKeys.versions(postId),
    queryFn: ({ signal }) =>
      api.get(CONVERSATION_API.versions(postId), { schema: ZForumPostVersions, signal, silent: true }),
  });
}

export function usePostVersions(postId: number) {
  return useQuery(versionsQuery(postId));
}
