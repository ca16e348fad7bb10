import { EVENTS_API, type TEventChangeScope } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { eventKeys } from './query-keys';

interface CancelEventInput {
  id: number;
  scope: TEventChangeScope;
}

/** POST /api/event/{id}/cancel?scope= (issue 35): the event stays, marked 'Abgesagt'. */
function cancelEvent({ id, scope }: CancelEventInput) {
  return api.post<unknown>(`${EVENTS_API.cancel(id)}?scope=${scope}`);
}

export function useCancelEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
