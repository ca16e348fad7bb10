import { EVENTS_API, type TEventChangeScope } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forgetDeleted } from '../../../lib/deleted-queries';
import { api } from '../../../lib/portal';
import { eventKeys } from './query-keys';

interface DeleteEventInput {
  id: number;
  /** an occurrence of a series: it alone or it and all following (issue 35) */
  scope: TEventChangeScope;
}

/** DELETE /api/event/{id}?scope= (204). */
function deleteEvent({ id, scope }: DeleteEventInput) {
  return api.delete<unknown>(`${EVENTS_API.byId(id)}?scope=${scope}`);
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onSuccess: (_result, { id }) => {
      forgetDeleted(queryClient, eventKeys.detail(id));
      void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}
