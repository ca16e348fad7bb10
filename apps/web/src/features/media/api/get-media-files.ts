import { MEDIA_FILES_PAGE_SIZE, mediaFilesPage } from '@portal/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { notDeleted } from '../../../lib/deleted-queries';
import { api } from '../../../lib/portal';
import { type MediaFilesPage, toFilesPage, ZMediaFileResponse } from '../lib/media-files';
import { mediaKeys } from './query-keys';

/**
 * GET /api/media/{id}?limit&after: the files of a category, a page at a time (issue 19); each next page
 * goes on after the last file of the one before. Silent (SPEC §8 shows no banner); the file list says what
 * went wrong instead.
 */
function mediaFilesQuery(categoryId: number) {
  return infiniteQueryOptions({
    queryKey: mediaKeys.files(categoryId),
    queryFn: async ({ pageParam, signal }): Promise<MediaFilesPage> =>
      toFilesPage(
        await api.get(mediaFilesPage(categoryId, pageParam, MEDIA_FILES_PAGE_SIZE), {
          schema: ZMediaFileResponse,
          signal,
          silent: true,
        }),
        MEDIA_FILES_PAGE_SIZE,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    enabled: notDeleted,
  });
}

export function useMediaFiles(categoryId: number) {
  return useInfiniteQuery(mediaFilesQuery(categoryId));
}
