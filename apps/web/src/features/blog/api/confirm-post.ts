import { BLOG_API, ZBlog } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { blogKeys } from './query-keys';

/** POST /api/blog/{id}/confirmation: 'Gelesen und zur Kenntnis genommen'; answers the post. */
function confirmPost(id: number) {
  return api.post(BLOG_API.confirmation(id), undefined, { schema: ZBlog });
}

/** Stores the answer as the post and refreshes 'Zu bestätigen' and the markers. */
export function useConfirmPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPost,
    onSuccess: (post) => {
      queryClient.setQueryData(blogKeys.post(post.id), post);
      void queryClient.invalidateQueries({ queryKey: blogKeys.toConfirm() });
      void queryClient.invalidateQueries({ queryKey: blogKeys.confirmations(post.id) });
    },
  });
}
