import { EVENTS_API, ZEvent } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { withQuery } from '../../../lib/form-data';
import { api } from '../../../lib/portal';
import type { EventRange } from '../lib/calendar-range';
import { eventKeys } from './query-keys';

export const ZEventList = z.array(ZEvent);

/**
 * GET /api/event/?from&to: the events overlapping a range, ordered by start. Without a range the server
 * answers the past 12 months and everything ahead (the listing).
 */
function eventsQuery(range: EventRange | null) {
  return queryOptions({
    queryKey: eventKeys.list(range),
    queryFn: ({ signal }) =>
      api.get(withQuery(EVENTS_API.list, range ? { ...range } : {}), { schema: ZEventList, signal }),
  });
}

export function useEvents(range: EventRange | null, enabled = true) {
  return useQuery({ ...eventsQuery(range), enabled, placeholderData: keepPreviousData });
}
