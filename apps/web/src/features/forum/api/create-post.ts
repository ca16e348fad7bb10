import { FORUM_API, type TForumPostValues, ZForumPost } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { replyFormData } from '../lib/post-form-data';
import { forumKeys } from './query-keys';

export interface CreatePostInput {
  threadId: number;
  forumId: number;
  values: TForumPostValues;
  files: readonly File[];
}

/** POST /api/forumPost/ (multipart); answers the new post. */
export function createPost({ threadId, values, files }: CreatePostInput) {
  return api.postForm(FORUM_API.savePost, replyFormData(threadId, values, files), { schema: ZForumPost });
}

/** Every page of the thread is stale now (counts, the last page); so are the forum's counts. */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: (_post, { threadId, forumId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: forumKeys.thread(threadId) }),
        queryClient.invalidateQueries({ queryKey: forumKeys.list() }),
        queryClient.invalidateQueries({ queryKey: forumKeys.forum(forumId) }),
      ]),
  });
}
