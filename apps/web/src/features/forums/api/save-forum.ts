import { FORUM_API, type TForumValues, ZForumSummary } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { forumKeys } from './query-keys';

/** POST /api/forum/ with the form field `forum` (JSON); answers the forum as in the list. */
function saveForum(values: TForumValues) {
  return api.postForm(FORUM_API.save, { forum: values }, { schema: ZForumSummary });
}

export function useSaveForum() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveForum,
    onSuccess: (forum) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: forumKeys.list() }),
        queryClient.invalidateQueries({ queryKey: forumKeys.forum(forum.id) }),
      ]),
  });
}
