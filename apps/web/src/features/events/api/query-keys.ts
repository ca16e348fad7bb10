import type { TEventListScope } from '@portal/contract';
import type { EventRange } from '../lib/calendar-range';

/** TanStack Query keys of events; everything under `all` is refreshed after a save, deletion or answer. */
export const eventKeys = {
  all: ['events'] as const,
  lists: () => [...eventKeys.all, 'list'] as const,
  list: (range: EventRange | null) => [...eventKeys.lists(), range ?? 'default'] as const,
  /** the listing's further pages of a section, after the event `after` names */
  more: (scope: TEventListScope, after: string) => [...eventKeys.lists(), 'more', scope, after] as const,
  next: (max: number) => [...eventKeys.all, 'next', max] as const,
  detail: (id: number) => [...eventKeys.all, 'detail', id] as const,
  calendarToken: () => ['calendarToken'] as const,
};
