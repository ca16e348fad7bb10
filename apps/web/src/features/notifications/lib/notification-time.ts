import { de } from '../../../i18n/de';
import { formatDateTime } from '../../../lib/formatting';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * When a notification came, as the list says it: 'gerade eben', 'vor 5 Minuten', 'vor 3 Stunden' within a
 * day, else the date and time in Berlin ('24.12.2026, 18:30 Uhr').
 */
export function notificationTime(createdAt: string, now: number): string {
  const at = Date.parse(createdAt);
  const ago = now - at;
  const texts = de.notificationCentre;
  if (ago < MINUTE_MS) return texts.justNow;
  if (ago < HOUR_MS) return texts.minutesAgo(Math.floor(ago / MINUTE_MS));
  if (ago < DAY_MS) return texts.hoursAgo(Math.floor(ago / HOUR_MS));
  return formatDateTime(at);
}
