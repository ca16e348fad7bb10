import {
  CONVERSATION_API,
  type TForumPost,
  type TForumPostEdit,
  type TForumThread,
  ZForumPost,
} from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import type { ProgressListener } from '../../../lib/upload-request';
import { editFormData } from '../lib/post-form-data';
import { forumKeys } from './query-keys';

interface EditPostInput {
  postId: number;
  values: TForumPostEdit;
  /** ids of the attachments to drop */
  removeMedia: readonly number[];
  files: readonly File[];
  onProgress?: ProgressListener;
}

/** PUT /api/forumPost/{id} (multipart, issue 37): the post's author or an admin; answers the post. */
function editPost({ postId, values, removeMedia, files, onProgress }: EditPostInput) {
  return api.putForm(CONVERSATION_API.post(postId), editFormData(values, removeMedia, files), {
    schema: ZForumPost,
    onProgress,
  });
}

/**
 * The answered post replaces the one on every cached page of the thread at once; a new title shows there too
 * and in the forum's list, and the post's versions are asked afresh.
 */
export function useEditPost(threadId: number, forumId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editPost,
    onSuccess: (post: TForumPost, { values }) => {
      queryClient.setQueriesData<TForumThread>({ queryKey: forumKeys.thread(threadId) }, (thread) =>
        thread
          ? {
              ...thread,
              name: values.name ?? thread.name,
              posts: thread.posts.map((each) => (each.id === post.id ? post : each)),
            }
          : thread,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: forumKeys.versions(post.id) }),
        ...(values.name === undefined
          ? []
          : [queryClient.invalidateQueries({ queryKey: forumKeys.forum(forumId) })]),
      ]);
    },
  });
}
