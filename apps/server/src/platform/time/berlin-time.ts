/**
 * German time (Europe/Berlin) read through Intl, so summer time needs no table of our own: the digest's slots
 * (features/notifications/digest-slots.ts) and the audit log's days (features/admin) are Berlin wall-clock, and
 * the mails write dates as Germans read them.
 */
const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Berlin',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The Berlin wall-clock time of an instant, written as if it were UTC (whole seconds). */
export function berlinAsUtc(instant: number): number {
  const parts: Record<string, number> = {};
  for (const part of wallClock.formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/** How far Berlin's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number): number {
  return berlinAsUtc(instant) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant midnight begins in Berlin on a day `YYYY-MM-DD`, `addDays` later: 23:00 or 22:00 UTC the day
 * before, depending on summer time.
 */
export function berlinDayStart(day: string, addDays = 0): Date {
  const [year, month, date] = day.split('-').map(Number);
  const midnight = Date.UTC(year ?? 1970, (month ?? 1) - 1, (date ?? 1) + addDays);
  // the offset at the first guess differs from the one at the result only when a change lies between them
  const first = midnight - offsetAt(midnight);
  return new Date(midnight - offsetAt(first));
}

const berlinFormat = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', ...options });

/** '24.12.2025' in German time. */
export const berlinDate = berlinFormat({ day: '2-digit', month: '2-digit', year: 'numeric' });

/** '24.12.2025, 18:30' in German time. */
export const berlinDateTime = berlinFormat({
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
