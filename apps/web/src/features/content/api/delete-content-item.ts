import { CONTENT_API, type TContentItem } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { contentKeys } from './query-keys';

/** DELETE /api/content/{id} (204). */
function deleteContentItem(id: number) {
  return api.delete<unknown>(CONTENT_API.byId(id));
}

export function useDeleteContentItem(categoryId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContentItem,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<TContentItem[]>(contentKeys.items(categoryId), (list) =>
        list?.filter((item) => item.id !== id),
      );
      queryClient.removeQueries({ queryKey: contentKeys.rowsOf(id) });
    },
  });
}
