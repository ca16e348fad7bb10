import { CATEGORY_API, type TContentCategoryValues, ZContentCategoryTree } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { replaceTree } from './tree-cache';

/** POST /api/contentCategory/ with the form field `contentCategory` (JSON); answers with the tree. */
function saveCategory(values: TContentCategoryValues) {
  return api.postForm(CATEGORY_API.tree, { contentCategory: values }, { schema: ZContentCategoryTree });
}

export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCategory,
    onSuccess: (tree) => replaceTree(queryClient, tree),
  });
}
