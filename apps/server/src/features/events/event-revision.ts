import type { EventRow, EventValues } from './events.repository.ts';

/** A stored or given value in one comparable form: times as milliseconds. */
function comparable(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.getTime() : value;
}

/**
 * Whether saving `values` changes the stored event: then its iCalendar SEQUENCE grows by one (migration 0025),
 * so that calendar apps replace their copy. A save that changes nothing keeps it; answers never touch it.
 */
export function eventChanged(current: EventRow, values: EventValues): boolean {
  return (Object.keys(values) as (keyof EventValues)[]).some(
    (field) => comparable(current[field]) !== comparable(values[field]),
  );
}
