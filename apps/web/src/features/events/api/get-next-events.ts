import { DASHBOARD_EVENT_COUNT, EVENTS_API, ZEvent } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as zm from 'zod/mini';
import { api } from '../../../lib/portal';
import { eventKeys } from './query-keys';

/** The events' answers (here, not with the listing: the dashboard loads no infinite queries). */
export const ZEventList = zm.array(ZEvent);

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
