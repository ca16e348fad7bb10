import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { TIME_ZONE } from './formatting';

/**
 * Date-time inputs show German wall-clock time (SPEC §9, ARCHITECTURE §4: the UI shows Europe/Berlin) while
 * the API speaks ISO 8601 in UTC. Mantine's pickers hold a plain `YYYY-MM-DD HH:mm:ss` text without a zone;
 * these functions read and write it as Berlin time, whatever zone the browser is in.
 */
dayjs.extend(utc);
dayjs.extend(timezone);

const INPUT_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** `2026-03-29T08:30:00.000Z` → `2026-03-29 10:30:00` (Berlin); null for an empty or invalid value. */
export function toBerlinInput(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = dayjs(iso);
  return date.isValid() ? date.tz(TIME_ZONE).format(INPUT_FORMAT) : null;
}

/** `2026-03-29 10:30:00` (Berlin) → `2026-03-29T08:30:00.000Z`; '' for an empty or invalid value. */
export function fromBerlinInput(value: string | null | undefined): string {
  const text = value?.trim() ?? '';
  if (text === '') return '';
  const date = dayjs.tz(text, INPUT_FORMAT, TIME_ZONE);
  return date.isValid() ? date.toISOString() : '';
}

/** The current minute as a Berlin input value (seconds dropped, so "now" is already in the past). */
export function berlinNowInput(now: number = Date.now()): string {
  return dayjs(now).tz(TIME_ZONE).second(0).format(INPUT_FORMAT);
}
