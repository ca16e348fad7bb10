import { TIME_ZONE } from '../../../lib/formatting';

/**
 * Dates of the calendar (SPEC §5, §9): the range a month view asks the server for, and the rule that an
 * admin's click on a day opens the new-event form only for days after today (in Berlin).
 */
export interface EventRange {
  from: string;
  to: string;
}

/** GET /api/event/?from&to for the days a view shows: [start, end) as ISO 8601 instants. */
export function rangeQuery(start: Date, end: Date): EventRange {
  return { from: start.toISOString(), to: end.toISOString() };
}

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `YYYY-MM-DD` of an instant in Berlin. */
export function berlinDay(value: Date | number = Date.now()): string {
  return dayFormat.format(new Date(value));
}

const DAY = /^\d{4}-\d{2}-\d{2}/;

/** SPEC §5: a clicked day (`YYYY-MM-DD…`) lies after today, in Berlin. Today itself does not. */
export function isAfterToday(day: string, now: Date | number = Date.now()): boolean {
  const match = DAY.exec(day);
  return match !== null && match[0] > berlinDay(now);
}
