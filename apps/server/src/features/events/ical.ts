import { APP_PATHS, appLink, type TAppAddresses } from '@portal/contract';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { htmlToText } from '../../platform/html/text.ts';
import type { EventRow } from './events.repository.ts';

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

/** The description as plain text (calendar apps show no HTML), followed by the event's own link. */
function plainDescription(event: EventRow): string {
  const text = htmlToText(event.description);
  return event.url ? `${text}\n\nWeitere Informationen: ${event.url}` : text;
}

/** An iCalendar (RFC 5545) text with one VEVENT per event, times in UTC. */
export function buildCalendar(events: readonly EventRow[], options: CalendarOptions): string {
  const calendar = ical({
    prodId: { company: 'Portal', product: 'Veranstaltungen', language: 'DE' },
    name: options.name,
    method: ICalCalendarMethod.PUBLISH,
    ...(options.refreshSeconds ? { ttl: options.refreshSeconds } : {}),
  });
  for (const event of events) {
    const updated = event.updatedAt;
    calendar.createEvent({
      id: eventUid(event.id, options.publicUrl),
      start: event.startAt,
      end: event.endAt,
      stamp: updated,
      // grows with every change of the event (event-revision.ts): calendar apps take the newer revision
      sequence: event.sequence,
      lastModified: updated,
      summary: event.name,
      location: event.location,
      description: plainDescription(event),
      url: appLink(APP_PATHS.event(event.id), options),
    });
  }
  return calendar.toString();
}
