import { EVENTS_API } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forgetDeleted } from '../../../lib/deleted-queries';
import { api } from '../../../lib/portal';
import { eventKeys } from './query-keys';

/** DELETE /api/event/{id} (204). */
function deleteEvent(id: number) {
  return api.delete<unknown>(EVENTS_API.byId(id));
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onSuccess: (_result, id) => {
      forgetDeleted(queryClient, eventKeys.detail(id));
      void queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: [...eventKeys.all, 'next'] });
    },
  });
}
