import { toDate } from '../../platform/db/schema.ts';
import type { EventRow, EventValues } from './events.repository.ts';

/** A stored or given value in one comparable form: times as milliseconds, the databases' booleans as booleans. */
function comparable(value: unknown, field: keyof EventValues): unknown {
  if (value === null || value === undefined) return null;
  if (field === 'teilnahmeausblenden' || field === 'external') return Boolean(value);
  if (value instanceof Date) return value.getTime();
  if (field === 'startAt' || field === 'endAt' || field === 'registrationDeadline') {
    return toDate(value as string).getTime();
  }
  return value;
}

/**
 * Whether saving `values` changes the stored event: then its iCalendar SEQUENCE grows by one (migration 0025),
 * so that calendar apps replace their copy. A save that changes nothing keeps it; answers never touch it.
 */
export function eventChanged(current: EventRow, values: EventValues): boolean {
  return (Object.keys(values) as (keyof EventValues)[]).some(
    (field) => comparable(current[field], field) !== comparable(values[field], field),
  );
}
