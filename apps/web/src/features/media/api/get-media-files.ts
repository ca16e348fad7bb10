import { MEDIA_API } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { notDeleted } from '../../../lib/deleted-queries';
import { api } from '../../../lib/portal';
import { toFileList, ZMediaFileResponse } from '../lib/media-files';
import { mediaKeys } from './query-keys';

/**
 * GET /api/media/{id}: the files of a category, kept as a list sorted by name. Silent (SPEC §8 shows no
 * banner); the file list says what went wrong instead.
 */
function mediaFilesQuery(categoryId: number) {
  return queryOptions({
    queryKey: mediaKeys.files(categoryId),
    queryFn: async ({ signal }) =>
      toFileList(
        await api.get(MEDIA_API.file(categoryId), { schema: ZMediaFileResponse, signal, silent: true }),
      ),
    enabled: notDeleted,
  });
}

export function useMediaFiles(categoryId: number) {
  return useQuery(mediaFilesQuery(categoryId));
}
