import { BLOG_API, type TBlogValues, ZBlog } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import type { ProgressListener } from '../../../lib/upload-request';
import { blogKeys } from './query-keys';

interface SavePostInput {
  /** The `blog` JSON (ZBlogInput); `image: null` removes the current picture. */
  blog: TBlogValues;
  /** A new picture (png or jpeg); replaces the current one. */
  image: File | null;
  /** A circular's new PDF files as `attachments[0]`, `attachments[1]`, … (issue 34). */
  attachments?: Record<string, File>;
  /** Follows the upload of a picture. */
  onProgress?: ProgressListener;
}

/** POST /api/blog/ (multipart): `blog` JSON and the optional file `image`; answers with the saved post. */
function savePost({ blog, image, attachments, onProgress }: SavePostInput) {
  return api.postForm(BLOG_API.save, { blog, image, ...attachments }, { schema: ZBlog, onProgress });
}

/** Stores the answer as the post and refreshes lists, dashboard and form data (tags may be new). */
export function useSavePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePost,
    onSuccess: (post) => {
      queryClient.setQueryData(blogKeys.post(post.id), post);
      void queryClient.invalidateQueries({ queryKey: blogKeys.all });
    },
  });
}
