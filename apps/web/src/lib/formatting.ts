/**
 * German formatting (SPEC §9: dates in German locale, 24-hour times, shown in Europe/Berlin). Mantine's date
 * pickers take German names from components/form/german-dates.tsx.
 */

export const TIME_ZONE = 'Europe/Berlin';

const dateFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

type DateInput = string | number | Date;

/** 24.12.2026 */
export function formatDate(value: DateInput): string {
  return dateFormat.format(new Date(value));
}

/** 18:30 */
export function formatTime(value: DateInput): string {
  return timeFormat.format(new Date(value));
}

/** 24.12.2026, 18:30 Uhr */
export function formatDateTime(value: DateInput): string {
  return `${formatDate(value)}, ${formatTime(value)} Uhr`;
}

const sizeFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });

/** 512 Bytes, 12 kB, 1,4 MB (decimal units, as file managers show them). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} Bytes`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} kB`;
  return `${sizeFormat.format(bytes / 1_000_000)} MB`;
}
