import { createMediaCategoriesService } from './media-categories.service.ts';
import { createMediaDuplicates } from './media-duplicates.service.ts';
import { createMediaFilesService, type MediaFilesDeps } from './media-files.service.ts';
import { createMediaLibrary } from './media-library.service.ts';

/** The media library's services: categories, files and their duplicates for admins; downloads for everyone. */
export function createMediaServices(deps: MediaFilesDeps) {
  return {
    categories: createMediaCategoriesService(deps.db),
    files: createMediaFilesService(deps),
    duplicates: createMediaDuplicates(deps.db),
    library: createMediaLibrary(deps),
  };
}

export type MediaServices = ReturnType<typeof createMediaServices>;
