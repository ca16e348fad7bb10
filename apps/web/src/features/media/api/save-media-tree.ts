import { MEDIA_API, type TMediaCategory, ZMediaCategoryTree } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useOptimisticTreeSave } from '../../../lib/optimistic-tree';
import { api } from '../../../lib/portal';
import { toSaveNodes } from '../../../lib/tree-transforms';
import { replaceMediaTree } from './media-cache';
import { mediaKeys } from './query-keys';

/** POST /api/mediaCategory/saveTree/ with the form field `mediaCategories`: the tree after a drag. */
function saveMediaTree(tree: readonly TMediaCategory[]) {
  return api.postForm(
    MEDIA_API.saveTree,
    { mediaCategories: toSaveNodes(tree) },
    { schema: ZMediaCategoryTree },
  );
}

/** Shows the dropped tree at once, then the server's; a failed save puts the old tree back (SPEC §8 banner). */
export function useSaveMediaTree() {
  const queryClient = useQueryClient();
  return useOptimisticTreeSave(mediaKeys.tree(), saveMediaTree, (tree) =>
    replaceMediaTree(queryClient, tree),
  );
}
