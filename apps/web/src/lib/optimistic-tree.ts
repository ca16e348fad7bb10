import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * Saving a dragged tree (content and media categories): the cached tree under `queryKey` shows the moved
 * tree at once, the server's answer goes to `onSaved`. A failed save puts the old tree back (the red banner
 * comes from the API client) and reads the tree again, in case it failed because someone else changed it.
 */
export function useOptimisticTreeSave<T>(
  queryKey: QueryKey,
  save: (tree: readonly T[]) => Promise<T[]>,
  onSaved: (tree: T[]) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onMutate: async (next: readonly T[]) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<T[]>(queryKey);
      queryClient.setQueryData(queryKey, next);
      return { previous };
    },
    onError: (_error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      void queryClient.invalidateQueries({ queryKey });
    },
    onSuccess: onSaved,
  });
}
