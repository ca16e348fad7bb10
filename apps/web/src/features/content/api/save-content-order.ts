import { CONTENT_API, type TContentItem, ZContentOrder } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { orderOf, withPositions } from '../lib/move-item';
import { contentKeys } from './query-keys';

/** POST /api/content/saveTree/ with the form field `contentList`: the items in their new order. */
function saveContentOrder(items: readonly TContentItem[]) {
  return api.postForm(CONTENT_API.saveTree, { contentList: orderOf(items) }, { schema: ZContentOrder });
}

/**
 * SPEC §4: moving items reorders the list at once and reverts it if saving fails (the API client shows
 * the red banner).
 */
export function useSaveContentOrder(categoryId: number) {
  const queryClient = useQueryClient();
  const key = contentKeys.items(categoryId);
  return useMutation({
    mutationFn: saveContentOrder,
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<TContentItem[]>(key);
      queryClient.setQueryData(key, withPositions(next));
      return { previous };
    },
    onError: (_error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
  });
}
