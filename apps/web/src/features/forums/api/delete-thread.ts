import { FORUM_API } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forgetDeleted } from '../../../lib/deleted-queries';
import { api } from '../../../lib/portal';
import { forumKeys } from './query-keys';
import { refreshReadMarkers } from './read-markers';

/** DELETE /api/forumThread/{id} (204): the thread with all its posts and attachments. */
function deleteThread(id: number) {
  return api.delete<unknown>(FORUM_API.thread(id));
}

export function useDeleteThread(forumId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteThread,
    onSuccess: async (_result, id) => {
      forgetDeleted(queryClient, forumKeys.thread(id));
      await refreshReadMarkers(queryClient, forumId);
    },
  });
}
