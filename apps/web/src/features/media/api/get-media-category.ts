import { MEDIA_API, ZMediaCategory } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { notDeleted } from '../../../lib/deleted-queries';
import { api } from '../../../lib/portal';
import { mediaKeys } from './query-keys';

/** GET /api/mediaCategory/{id}: the category of `/media/{id}` (its name). Silent: the page tells. */
function mediaCategoryQuery(id: number) {
  return queryOptions({
    queryKey: mediaKeys.category(id),
    queryFn: ({ signal }) =>
      api.get(MEDIA_API.category(id), { schema: ZMediaCategory, signal, silent: true }),
    enabled: notDeleted,
  });
}

export function useMediaCategory(id: number) {
  return useQuery(mediaCategoryQuery(id));
}
