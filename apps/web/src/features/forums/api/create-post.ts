import { FORUM_API, type TForumPostValues, ZForumPost } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import type { ProgressListener } from '../../../lib/upload-request';
import { replyFormData } from '../lib/post-form-data';
import { forumKeys } from './query-keys';
import { refreshReadMarkers } from './read-markers';

interface CreatePostInput {
  threadId: number;
  forumId: number;
  values: TForumPostValues;
  files: readonly File[];
  /** Follows the upload of the attachments. */
  onProgress?: ProgressListener;
}

/** POST /api/forumPost/ (multipart); answers the new post. */
function createPost({ threadId, values, files, onProgress }: CreatePostInput) {
  return api.postForm(FORUM_API.savePost, replyFormData(threadId, values, files), {
    schema: ZForumPost,
    onProgress,
  });
}

/** Every page of the thread is stale now (counts, the last page); so are the forum's counts and markers. */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: (_post, { threadId, forumId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: forumKeys.thread(threadId) }),
        refreshReadMarkers(queryClient, forumId),
      ]),
  });
}
