import { EVENTS_API, type TEvent } from '@portal/contract';
import { downloadFile } from '../../../lib/download-file';

/** GET /api/eventSubscription/participantsAsCsv/{id}, named from Content-Disposition (admins). */
export function downloadParticipants(event: Pick<TEvent, 'id' | 'name'>): Promise<void> {
  return downloadFile(EVENTS_API.participantsCsv(event.id), `teilnehmer-${event.id}.csv`);
}

/** GET /api/event/{id}/ics: the event for the member's own calendar app. */
export function downloadIcs(event: Pick<TEvent, 'id' | 'name'>): Promise<void> {
  return downloadFile(EVENTS_API.ics(event.id), `veranstaltung-${event.id}.ics`);
}
