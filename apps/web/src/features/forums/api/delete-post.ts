import { FORUM_API } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { forumKeys } from './query-keys';
import { refreshReadMarkers } from './read-markers';

/** DELETE /api/forumPost/{id} (204; 409 for a thread's first post, which shows no delete button anyway). */
function deletePost(id: number) {
  return api.delete<unknown>(FORUM_API.post(id));
}

export function useDeletePost(threadId: number, forumId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: forumKeys.thread(threadId) }),
        refreshReadMarkers(queryClient, forumId),
      ]),
  });
}
