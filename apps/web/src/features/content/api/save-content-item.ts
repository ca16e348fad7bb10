import { CONTENT_API, type TContentItem, type TContentItemValues, ZContentItem } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import type { ProgressListener } from '../../../lib/upload-request';
import { contentKeys } from './query-keys';

interface SaveContentItemInput {
  values: TContentItemValues;
  /** A new CSV table; replaces the old one. */
  csvFile: File | null;
  /** Follows the upload, then the server's import of the table. */
  onProgress?: ProgressListener;
}

/** POST /api/content/ (multipart): `content` JSON and the optional file `csvFile`; answers with the item. */
function saveContentItem({ values, csvFile, onProgress }: SaveContentItemInput) {
  return api.postForm(CONTENT_API.save, { content: values, csvFile }, { schema: ZContentItem, onProgress });
}

/** Puts the saved item into the lists of its categories (replacing or appending) and drops its old rows. */
export function useSaveContentItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContentItem,
    onSuccess: (item) => {
      for (const categoryId of item.categories) {
        queryClient.setQueryData<TContentItem[]>(contentKeys.items(categoryId), (list) => {
          if (!list) return list;
          const known = list.some((entry) => entry.id === item.id);
          const next = known ? list.map((entry) => (entry.id === item.id ? item : entry)) : [...list, item];
          return next.sort((a, b) => a.position - b.position || a.id - b.id);
        });
      }
      queryClient.removeQueries({ queryKey: contentKeys.rowsOf(item.id) });
    },
  });
}
