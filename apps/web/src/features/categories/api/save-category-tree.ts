import { CATEGORY_API, type TContentCategory, ZContentCategoryTree } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useOptimisticTreeSave } from '../../../lib/optimistic-tree';
import { api } from '../../../lib/portal';
import { toSaveNodes } from '../../../lib/tree-transforms';
import { categoryKeys } from './query-keys';
import { replaceTree } from './tree-cache';

/** POST /api/contentCategory/saveTree/ with the form field `contentCategories`: the tree after a drag. */
function saveCategoryTree(tree: readonly TContentCategory[]) {
  return api.postForm(
    CATEGORY_API.saveTree,
    { contentCategories: toSaveNodes(tree) },
    { schema: ZContentCategoryTree },
  );
}

/**
 * Shows the dropped tree at once and replaces it with the server's answer; a failed save puts the old
 * tree back (the red banner comes from the API client).
 */
export function useSaveCategoryTree() {
  const queryClient = useQueryClient();
  return useOptimisticTreeSave(categoryKeys.tree(), saveCategoryTree, (tree) =>
    replaceTree(queryClient, tree),
  );
}
