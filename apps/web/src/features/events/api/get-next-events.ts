import { DASHBOARD_EVENT_COUNT, EVENTS_API } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { ZEventList } from './get-events';
import { eventKeys } from './query-keys';

/** GET /api/event/count/{max}: the next events for the dashboard (SPEC §9: 3), soonest first. */
function nextEventsQuery(max: number = DASHBOARD_EVENT_COUNT) {
  return queryOptions({
    queryKey: eventKeys.next(max),
    queryFn: ({ signal }) => api.get(EVENTS_API.count(max), { schema: ZEventList, signal }),
  });
}

export function useNextEvents(max: number = DASHBOARD_EVENT_COUNT) {
  return useQuery(nextEventsQuery(max));
}
