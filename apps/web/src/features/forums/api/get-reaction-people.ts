import { CONVERSATION_API, ZPostReactionPeople } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { forumKeys } from './query-keys';

/**
 * GET /api/forumPost/{id}/reactions (issue 37): who reacted how, asked when a list of names is first shown
 * (hover, focus, tap) and kept briefly. Silent: the list says when it failed.
 */
function reactionPeopleQuery(postId: number) {
  return queryOptions({
    queryKey: forumKeys.reactions(postId),
    queryFn: ({ signal }) =>
      api.get(CONVERSATION_API.reactions(postId), { schema: ZPostReactionPeople, signal, silent: true }),
    staleTime: 30_000,
  });
}

export function useReactionPeople(postId: number) {
  return useQuery(reactionPeopleQuery(postId));
}
