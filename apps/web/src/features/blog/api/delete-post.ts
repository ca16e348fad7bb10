import { BLOG_API } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forgetDeleted } from '../../../lib/deleted-queries';
import { api } from '../../../lib/portal';
import { blogKeys } from './query-keys';

/** DELETE /api/blog/{id} (204). */
function deletePost(id: number) {
  return api.delete<unknown>(BLOG_API.byId(id));
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_result, id) => {
      forgetDeleted(queryClient, blogKeys.post(id));
      void queryClient.invalidateQueries({ queryKey: blogKeys.all });
    },
  });
}
