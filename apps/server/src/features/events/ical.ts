import { APP_PATHS, appLink, type TAppAddresses } from '@portal/contract';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { htmlToText } from '../../platform/html/text.ts';
import type { EventRow } from './events.repository.ts';
import { addOccurrence, addSeries, type SeriesData, withBerlinTimezone } from './ical-series.ts';

/** `publicUrl` gives the host part of the UIDs; the events' links are app links (issue 31). */
export interface CalendarOptions extends TAppAddresses {
  /** the calendar's name in calendar apps (X-WR-CALNAME) */
  name: string;
  /** how often subscribing apps should reload, in seconds */
  refreshSeconds?: number;
}

/** The UID of an event: the same in every download and feed, so calendar apps update instead of duplicating. */
function eventUid(id: number, publicUrl: string): string {
  return `event-${id}@${new URL(publicUrl).hostname}`;
}

/** The UID of a series: its occurrences are its RRULE's instances and RECURRENCE-ID overrides. */
function seriesUid(id: number, publicUrl: string): string {
  return `event-series-${id}@${new URL(publicUrl).hostname}`;
}

/** The description as plain text (calendar apps show no HTML), followed by the event's own link. */
function plainDescription(event: EventRow): string {
  const text = htmlToText(event.description);
  return event.url ? `${text}\n\nWeitere Informationen: ${event.url}` : text;
}

/**
 * An iCalendar (RFC 5545) text: one VEVENT per single event (times in UTC), a cancelled one with
 * STATUS:CANCELLED; the occurrences of a series in `series` as the series' VEVENT (ical-series.ts). An
 * occurrence whose series is not given (its own download) is written alone with the series' UID and its
 * RECURRENCE-ID (decision 0167).
 */
export function buildCalendar(
  events: readonly EventRow[],
  options: CalendarOptions,
  series: ReadonlyMap<number, SeriesData> = new Map(),
): string {
  const calendar = ical({
    prodId: { company: 'Portal', product: 'Veranstaltungen', language: 'DE' },
    name: options.name,
    method: ICalCalendarMethod.PUBLISH,
    ...(options.refreshSeconds ? { ttl: options.refreshSeconds } : {}),
  });
  const fields = (event: EventRow) => ({
    stamp: event.updatedAt,
    // grows with every change of the event (event-revision.ts): calendar apps take the newer revision
    sequence: event.sequence,
    lastModified: event.updatedAt,
    summary: event.name,
    location: event.location,
    description: plainDescription(event),
    url: appLink(APP_PATHS.event(event.id), options),
  });
  const written = new Set<number>();
  for (const event of events) {
    if (event.seriesId === null) {
      calendar.createEvent({
        ...fields(event),
        id: eventUid(event.id, options.publicUrl),
        start: event.startAt,
        end: event.endAt,
        ...(event.cancelledAt ? { status: ICalEventStatus.CANCELLED } : {}),
      });
      continue;
    }
    const uid = seriesUid(event.seriesId, options.publicUrl);
    const data = series.get(event.seriesId);
    if (!data) addOccurrence(calendar, event, uid, fields);
    else if (!written.has(event.seriesId)) addSeries(calendar, data, uid, fields);
    written.add(event.seriesId);
  }
  return withBerlinTimezone(calendar.toString());
}
