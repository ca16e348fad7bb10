import { EVENTS_API, ZCalendarLink, ZCalendarTokenState } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { eventKeys } from './query-keys';

/** GET /api/event/calendarToken: whether the member has a calendar subscription address. */
export function useCalendarTokenState() {
  return useQuery({
    queryKey: eventKeys.calendarToken(),
    queryFn: ({ signal }) => api.get(EVENTS_API.calendarToken, { schema: ZCalendarTokenState, signal }),
  });
}

/** POST: a new address (the previous one stops working); the answer is the only time it is shown. */
export function useCreateCalendarLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(EVENTS_API.calendarToken, undefined, { schema: ZCalendarLink }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.calendarToken() }),
  });
}

/** DELETE: revokes the address. */
export function useRevokeCalendarLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<unknown>(EVENTS_API.calendarToken),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.calendarToken() }),
  });
}
