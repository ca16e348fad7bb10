/**
 * When digests are due (docs/decisions/0082): daily after 07:00 Europe/Berlin, weekly after Monday 07:00.
 * Berlin wall-clock time is read through Intl, so summer time needs no table of our own: a slot is always
 * 07:00 on the Berlin calendar, and a day between two slots has 23, 24 or 25 hours.
 */
import type { TDigestFrequency } from '@portal/contract';
import { berlinAsUtc } from '../../platform/time/berlin-time.ts';

export type TDigestPeriod = Exclude<TDigestFrequency, 'never'>;

const SLOT_HOUR = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Berlin calendar day of an instant, as UTC midnight of that date (for day arithmetic). */
function berlinDay(instant: number): number {
  return Math.floor(berlinAsUtc(instant) / DAY_MS) * DAY_MS;
}

/** The instant of 07:00 in Berlin on a calendar day given as UTC midnight. */
function slotOn(day: number): Date {
  const wall = day + SLOT_HOUR * 60 * 60 * 1000;
  const offset = (guess: number) => berlinAsUtc(guess) - Math.floor(guess / 1000) * 1000;
  // the offset at the guess may differ from the one at the result only when a change lies between them
  const first = wall - offset(wall);
  return new Date(wall - offset(first));
}

/** Days from the Monday of its week to a calendar day (UTC midnight). */
const sinceMonday = (day: number) => (new Date(day).getUTCDay() + 6) % 7;

/** The latest slot at or before `now`: today's 07:00 (daily) or this week's Monday 07:00 (weekly). */
export function latestSlot(period: TDigestPeriod, now: Date): Date {
  const step = period === 'daily' ? 1 : 7;
  let day = berlinDay(now.getTime());
  if (period === 'weekly') day -= sinceMonday(day) * DAY_MS;
  const slot = slotOn(day);
  return slot.getTime() <= now.getTime() ? slot : slotOn(day - step * DAY_MS);
}

/** The slot one period before a slot: the day before, or the Monday before, at 07:00 Berlin. */
export function previousSlot(period: TDigestPeriod, slot: Date): Date {
  const step = period === 'daily' ? 1 : 7;
  return slotOn(berlinDay(slot.getTime()) - step * DAY_MS);
}
