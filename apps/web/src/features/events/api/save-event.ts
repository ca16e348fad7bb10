import { EVENTS_API, type TEventValues, ZEvent } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import type { ProgressListener } from '../../../lib/upload-request';
import { eventKeys } from './query-keys';

interface SaveEventInput {
  /** The `event` JSON (ZEventInput); `image: null` removes the current picture. */
  event: TEventValues;
  /** A new picture (png or jpeg); replaces the current one. */
  image: File | null;
  /** Follows the upload of a picture. */
  onProgress?: ProgressListener;
}

/** POST /api/event/ (multipart): `event` JSON and the optional file `image`; answers with the saved event. */
function saveEvent({ event, image, onProgress }: SaveEventInput) {
  return api.postForm(EVENTS_API.save, { event, image }, { schema: ZEvent, onProgress });
}

export function useSaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEvent,
    onSuccess: (event) => {
      queryClient.setQueryData(eventKeys.detail(event.id), event);
      void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}
