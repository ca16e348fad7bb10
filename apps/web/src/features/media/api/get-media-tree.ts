import { MEDIA_API, ZMediaCategoryTree } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { mediaKeys } from './query-keys';

/** GET /api/mediaCategory/: the category tree; a failure shows the red banner (SPEC §8). */
function mediaTreeQuery() {
  return queryOptions({
    queryKey: mediaKeys.tree(),
    queryFn: ({ signal }) => api.get(MEDIA_API.categories, { schema: ZMediaCategoryTree, signal }),
  });
}

export function useMediaTree() {
  return useQuery(mediaTreeQuery());
}
