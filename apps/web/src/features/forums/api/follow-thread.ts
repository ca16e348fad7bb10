import { FORUM_API, type TForumThread, ZForumFollow } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { forumKeys } from './query-keys';

interface FollowInput {
  threadId: number;
  following: boolean;
}

/** PUT /api/forumThread/{id}/follow `{ following }`: reply mails for this thread on or off (issue 17). */
function followThread({ threadId, following }: FollowInput) {
  return api.put(FORUM_API.follow(threadId), { following }, { schema: ZForumFollow });
}

/** Every cached page of the thread shows the answered state. */
export function useFollowThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: followThread,
    onSuccess: ({ following }, { threadId }) => {
      queryClient.setQueriesData<TForumThread>({ queryKey: forumKeys.thread(threadId) }, (thread) =>
        thread ? { ...thread, following } : thread,
      );
    },
  });
}
