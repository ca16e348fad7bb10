import { CATEGORY_API, ZContentCategoryTree } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { categoryKeys } from './query-keys';
import { replaceTree } from './tree-cache';

/** DELETE /api/contentCategory/{id}; answers with the tree (409 while it has sub-categories). */
function deleteCategory(id: number) {
  return api.delete(CATEGORY_API.byId(id), { schema: ZContentCategoryTree });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: (tree, id) => {
      queryClient.removeQueries({ queryKey: categoryKeys.detail(id) });
      replaceTree(queryClient, tree);
    },
  });
}
