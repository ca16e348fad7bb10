import { EVENTS_API, type TEventListScope } from '@portal/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { withQuery } from '../../../lib/form-data';
import { api } from '../../../lib/portal';
import type { EventRange } from '../lib/calendar-range';
import { nextPageAfter } from '../lib/event-pages';
import { ZEventList } from './get-next-events';
import { eventKeys } from './query-keys';

/**
 * GET /api/event/?from&to: the events overlapping a range, ordered by start. Without a range the server
 * answers the listing's first screen: the first page of the upcoming events and of the past 12 months'.
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

/**
 * GET /api/event/?scope&after: the listing's further pages of a section (`upcoming` soonest first, `past`
 * latest first), each after the last event shown; fetched once the member asks for more (`enabled`).
 */
function moreEventsQuery(scope: TEventListScope, after: string) {
  return infiniteQueryOptions({
    queryKey: eventKeys.more(scope, after),
    queryFn: ({ pageParam, signal }) =>
      api.get(withQuery(EVENTS_API.list, { scope, after: pageParam }), { schema: ZEventList, signal }),
    initialPageParam: after,
    getNextPageParam: (last) => nextPageAfter(last),
  });
}

export function useMoreEvents(scope: TEventListScope, after: string | null, enabled: boolean) {
  return useInfiniteQuery({
    ...moreEventsQuery(scope, after ?? ''),
    enabled: enabled && after !== null,
  });
}
