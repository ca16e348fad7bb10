import { EVENTS_API, type TEvent, ZEvent } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { type CachedEvents, withAnswer } from '../lib/event-pages';
import { eventKeys } from './query-keys';

interface EventAnswer {
  event: Pick<TEvent, 'id' | 'name'>;
  /** true attends (status 1), false declines (status 0) */
  attend: boolean;
  /** companions with an acceptance (issue 35) */
  guests?: number;
}

/**
 * POST /api/eventSubscription/status: a form with `event` (JSON), `status` 1 or 0 and, accepting, `guests`;
 * answers the event.
 */
function setEventStatus({ event, attend, guests = 0 }: EventAnswer) {
  const form = { event: { id: event.id }, status: attend ? 1 : 0 };
  return api.postForm(EVENTS_API.status, attend && guests > 0 ? { ...form, guests } : form, {
    schema: ZEvent,
  });
}

/**
 * Puts the answered event into every list at once (status colour, disabled button; the listing's further
 * pages too), stores it as the detail and then refreshes the lists, whose items carry only the caller's own
 * answer. Fetches of events still under way are cancelled first: one that started before the answer (the
 * popup loads the event as it opens) would otherwise land afterwards and put the old answer back.
 */
export function useSetEventStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEventStatus,
    onSuccess: async (updated) => {
      await queryClient.cancelQueries({ queryKey: eventKeys.all });
      queryClient.setQueryData(eventKeys.detail(updated.id), updated);
      queryClient.setQueriesData<CachedEvents>({ queryKey: eventKeys.all }, (data) =>
        withAnswer(data, updated),
      );
      void queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: [...eventKeys.all, 'next'] });
    },
  });
}
