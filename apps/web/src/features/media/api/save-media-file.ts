import { MEDIA_API, type TMediaFileValues, ZMediaFile } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import type { ProgressListener } from '../../../lib/upload-request';
import { putFile } from './media-cache';

interface MediaFileSave {
  media: TMediaFileValues;
  /** A new binary (required for a new entry; on an edit it replaces the old one at the same address). */
  file: File | null;
  /** The category the file was in before an edit; null for a new file. */
  previousCategory: number | null;
  /** Follows the upload of the binary. */
  onProgress?: ProgressListener;
}

/** POST /api/media/: multipart with `media` (JSON of id, name, category) and `file`; answers the saved file. */
function saveMediaFile({ media, file, onProgress }: MediaFileSave) {
  return api.postForm(
    MEDIA_API.files,
    { media: { id: media.id ?? undefined, name: media.name, category: media.category }, file },
    { schema: ZMediaFile, onProgress },
  );
}

/** SPEC §4: the saved file is put into the list (added or replaced); the counts in the tree follow. */
export function useSaveMediaFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMediaFile,
    onSuccess: (saved, { previousCategory }) => putFile(queryClient, saved, previousCategory),
  });
}
