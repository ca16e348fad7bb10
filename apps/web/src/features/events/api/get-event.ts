import { EVENTS_API, type TEvent, ZEvent } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { notDeleted } from '../../../lib/deleted-queries';
import { api } from '../../../lib/portal';
import { eventKeys } from './query-keys';

/** GET /api/event/{id}: one event; admins get every participant in `eventSubscriptions`. */
function eventQuery(id: number) {
  return queryOptions({
    queryKey: eventKeys.detail(id),
    queryFn: ({ signal }) => api.get(EVENTS_API.byId(id), { schema: ZEvent, signal, silent: true }),
    retry: false,
    enabled: notDeleted,
  });
}

/** `placeholder`: the event as a list already has it (the calendar popup shows it at once). */
export function useEvent(id: number, placeholder?: TEvent) {
  return useQuery({ ...eventQuery(id), placeholderData: placeholder });
}
