import {
  EVENT_SERIES_MAX,
  REGISTRATION_MESSAGES,
  type TRecurrence,
  type ZRecurrenceInput,
} from '@portal/contract';
import type { z } from 'zod';
import { badRequest } from '../../platform/http/errors.ts';
import { berlinAsUtc, berlinDayStart } from '../../platform/time/berlin-time.ts';

/**
 * A series' rule expanded into its occurrences (issue 35 point 5), pure. The occurrences keep the start's
 * Berlin wall-clock time across summer time: the rule is applied to the wall-clock date and time, and each
 * result is turned back into an instant. The duration is kept in real time.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

export interface Occurrence {
  start: Date;
  end: Date;
}

/** How far Berlin's wall clock is ahead of UTC at an instant. */
const offsetAt = (instant: number) => berlinAsUtc(instant) - Math.floor(instant / 1000) * 1000;

/** The instant a Berlin wall-clock time (written as UTC) happens; in the hour that is skipped, one later. */
function wallToInstant(wall: number): Date {
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first));
}

/** The wall-clock time of the start, with its milliseconds. */
const wallOf = (start: Date) => berlinAsUtc(start.getTime()) + (start.getTime() % 1000);

const isoDay = (wall: number) => new Date(wall).toISOString().slice(0, 10);

/** The start's week of its month: 1–4, or -1 from the 29th on (a fifth weekday is not in every month). */
function weekOfStart(wall: number): 1 | 2 | 3 | 4 | -1 {
  const day = new Date(wall).getUTCDate();
  return day > 28 ? -1 : (Math.ceil(day / 7) as 1 | 2 | 3 | 4);
}

/** The form's rule as stored: a monthly rule gets the start's week unless it names one. */
export function normalizeRule(input: z.output<typeof ZRecurrenceInput>, start: Date): TRecurrence {
  const monthly = input.frequency === 'monthly';
  return {
    frequency: input.frequency,
    interval: input.interval,
    weekOfMonth: monthly ? (input.weekOfMonth ?? weekOfStart(wallOf(start))) : null,
    until: input.until,
    count: input.count,
  };
}

/** The wall-clock date of the n-th (or -1: last) weekday `weekday` in a month, at the time of `time`. */
function nthWeekday(year: number, month: number, weekday: number, n: number, time: number): number {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
    return Date.UTC(year, month, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7) + time;
  }
  const last = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7)) + time;
}

/**
 * Every occurrence of the rule from `start` (the first one's start and end), at most EVENT_SERIES_MAX; a
 * rule that makes more, or ends before it begins, is refused with the contract's message (400).
 */
export function expandRule(first: Occurrence, rule: TRecurrence): Occurrence[] {
  const wall = wallOf(first.start);
  const startDay = isoDay(wall);
  if (rule.until !== null && rule.until < startDay)
    throw badRequest(REGISTRATION_MESSAGES.recurrenceUntilBeforeStart);
  const duration = first.end.getTime() - first.start.getTime();
  const date = new Date(wall);
  const time = wall - Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const limit = rule.count ?? EVENT_SERIES_MAX;
  const walls: number[] = [];
  for (let step = 0; walls.length <= limit; step += 1) {
    const next =
      rule.frequency === 'weekly'
        ? wall + step * rule.interval * 7 * DAY_MS
        : nthWeekday(
            date.getUTCFullYear(),
            date.getUTCMonth() + step * rule.interval,
            date.getUTCDay(),
            rule.weekOfMonth ?? weekOfStart(wall),
            time,
          );
    if (next < wall) continue;
    if (rule.until !== null && isoDay(next) > rule.until) break;
    if (rule.count !== null && walls.length === rule.count) break;
    walls.push(next);
  }
  if (walls.length > EVENT_SERIES_MAX) throw badRequest(REGISTRATION_MESSAGES.recurrenceTooMany);
  return walls.map((one) => {
    const start = wallToInstant(one);
    return { start, end: new Date(start.getTime() + duration) };
  });
}

/** `20261231T225959Z`: an instant as iCalendar's UTC date-time. */
const icalUtc = (instant: Date) => `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/**
 * The rule as iCalendar's RRULE value for a DTSTART in TZID Europe/Berlin at `start` (RFC 5545 §3.3.10):
 * UNTIL in UTC, the last moment of the Berlin day `until`.
 */
export function rruleOf(rule: TRecurrence, start: Date): string {
  const weekday = WEEKDAYS[new Date(wallOf(start)).getUTCDay()] ?? 'MO';
  const parts =
    rule.frequency === 'weekly'
      ? ['FREQ=WEEKLY', `INTERVAL=${rule.interval}`, `BYDAY=${weekday}`]
      : ['FREQ=MONTHLY', `INTERVAL=${rule.interval}`, `BYDAY=${rule.weekOfMonth ?? 1}${weekday}`];
  if (rule.count !== null) parts.push(`COUNT=${rule.count}`);
  if (rule.until !== null)
    parts.push(`UNTIL=${icalUtc(new Date(berlinDayStart(rule.until, 1).getTime() - 1000))}`);
  return parts.join(';');
}
