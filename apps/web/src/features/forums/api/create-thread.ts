import { FORUM_API, type TForumThreadValues, ZForumThread } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import type { ProgressListener } from '../../../lib/upload-request';
import { threadFormData } from '../lib/post-form-data';
import { forumKeys } from './query-keys';
import { refreshReadMarkers } from './read-markers';

interface CreateThreadInput {
  forumId: number;
  values: TForumThreadValues;
  files: readonly File[];
  /** Follows the upload of the attachments. */
  onProgress?: ProgressListener;
}

/** POST /api/forumThread/ (multipart); answers the new thread's first page. */
function createThread({ forumId, values, files, onProgress }: CreateThreadInput) {
  return api.postForm(FORUM_API.saveThread, threadFormData(forumId, values, files), {
    schema: ZForumThread,
    onProgress,
  });
}

export function useCreateThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createThread,
    onSuccess: async (thread) => {
      queryClient.setQueryData(forumKeys.threadPage(thread.id, 1), thread);
      await refreshReadMarkers(queryClient, thread.forumId);
    },
  });
}
