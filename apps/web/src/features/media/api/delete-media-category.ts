import { MEDIA_API, ZMediaCategoryTree } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forgetDeleted } from '../../../lib/deleted-queries';
import { api } from '../../../lib/portal';
import { replaceMediaTree } from './media-cache';
import { mediaKeys } from './query-keys';

/** DELETE /api/mediaCategory/{id}; answers the tree (409 while it holds files or sub-categories). */
function deleteMediaCategory(id: number) {
  return api.delete(MEDIA_API.category(id), { schema: ZMediaCategoryTree });
}

export function useDeleteMediaCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMediaCategory,
    onSuccess: (tree, id) => {
      forgetDeleted(queryClient, mediaKeys.category(id));
      forgetDeleted(queryClient, mediaKeys.files(id));
      replaceMediaTree(queryClient, tree);
    },
  });
}
