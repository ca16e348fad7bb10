import { formatDate, formatDateTime, formatTime } from '../../../lib/formatting';

/**
 * When an event takes place, in German and Berlin time (SPEC §9): one day as "24.12.2026, 18:30–20:00 Uhr",
 * several days as "01.07.2026, 09:00 Uhr – 02.07.2026, 18:00 Uhr".
 */
export function formatEventRange(start: string, end: string): string {
  if (formatDate(start) === formatDate(end)) {
    return `${formatDate(start)}, ${formatTime(start)}–${formatTime(end)} Uhr`;
  }
  return `${formatDateTime(start)} – ${formatDateTime(end)}`;
}

/** Whether an event has ended (it then belongs to the past events of the listing). */
export function hasEnded(end: string, now: number = Date.now()): boolean {
  return Date.parse(end) < now;
}
