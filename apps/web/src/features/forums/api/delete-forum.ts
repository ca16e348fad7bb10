import { FORUM_API, type TForumSummary } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forgetDeleted } from '../../../lib/deleted-queries';
import { api } from '../../../lib/portal';
import { forumKeys } from './query-keys';

/** DELETE /api/forum/{id} (204): the forum with all its threads, posts and attachments. */
function deleteForum(id: number) {
  return api.delete<unknown>(FORUM_API.byId(id));
}

export function useDeleteForum() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteForum,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<TForumSummary[]>(forumKeys.list(), (list) =>
        list?.filter((forum) => forum.id !== id),
      );
      forgetDeleted(queryClient, forumKeys.forum(id));
      return queryClient.invalidateQueries({ queryKey: forumKeys.unread() });
    },
  });
}
