/** German dates in Berlin time, as the app shows them. */
/** Year, two-digit month and German month name of next month, in Berlin. */
export function nextMonthInBerlin(): { year: string; month: string; monthName: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', year: 'numeric', month: 'numeric' })
      .formatToParts(new Date())
      .map((part) => [part.type, part.value]),
  );
  const next = new Date(Date.UTC(Number(parts.year), Number(parts.month), 15, 12));
  return {
    year: String(next.getUTCFullYear()),
    month: String(next.getUTCMonth() + 1).padStart(2, '0'),
    monthName: new Intl.DateTimeFormat('de-DE', { month: 'long', timeZone: 'UTC' }).format(next),
  };
}

/** 15.12.2026, 09:30 for an ISO instant, in Berlin. */
export function berlinTime(iso: string): string {
  return new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** Year and month of an instant in Berlin, as `2026-12`: the month the calendar shows it in. */
export function berlinMonth(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit' })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}`;
}
