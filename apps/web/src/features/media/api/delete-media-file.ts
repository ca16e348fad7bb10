import { MEDIA_API, type TMediaFile } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { takeFile } from './media-cache';

/** DELETE /api/media/{id} (204). */
function deleteMediaFile(file: TMediaFile) {
  return api.delete<unknown>(MEDIA_API.file(file.id));
}

/** SPEC §4: after the confirmation the file leaves the list; the count in the tree follows. */
export function useDeleteMediaFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMediaFile,
    onSuccess: (_result, file) => takeFile(queryClient, file.id, file.category),
  });
}
