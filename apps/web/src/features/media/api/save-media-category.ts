import { MEDIA_API, type TMediaCategoryValues, ZMediaCategoryTree } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { replaceMediaTree } from './media-cache';

/** POST /api/mediaCategory/ with the form field `mediaCategory` (JSON); answers the whole tree. */
function saveMediaCategory(values: TMediaCategoryValues) {
  return api.postForm(MEDIA_API.categories, { mediaCategory: values }, { schema: ZMediaCategoryTree });
}

export function useSaveMediaCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMediaCategory,
    onSuccess: (tree) => replaceMediaTree(queryClient, tree),
  });
}
