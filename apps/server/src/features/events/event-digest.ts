import { APP_PATHS, REGISTRATION_LABELS } from '@portal/contract';
import { newsRows, totalCount } from '../../platform/db/news-rows.ts';
import type { DigestSection } from '../../platform/registry/digest-section.ts';
import { berlinDateTime } from '../../platform/time/berlin-time.ts';
import { readsEvents } from './event-visibility.ts';
import { freePlaces } from './registration.repository.ts';

/**
 * What the events contribute to the digest (features/notifications, issue 17): events created in the window
 * and not over at its end, the soonest first. An event with a capacity that the reader has not answered
 * (no answer, no waiting place) says how many places are left (issue 35 point 7).
 */
export const eventsDigest: DigestSection = {
  title: 'Veranstaltungen',
  counted: { one: 'Veranstaltung', many: 'Veranstaltungen' },
  reads: readsEvents,
  startRun: (db) =>
    async function newEvents(reader, window, limit) {
      const userId = reader.principal.id;
      const rows = await db
        .selectFrom('events')
        .select((eb) => [
          'events.id',
          'events.name',
          'events.startAt',
          'events.maxParticipants',
          'events.acceptedCount',
          'events.guestCount',
          eb
            .or([
              eb.exists(
                eb
                  .selectFrom('eventSubscriptions')
                  .select('eventSubscriptions.eventId')
                  .whereRef('eventSubscriptions.eventId', '=', 'events.id')
                  .where('eventSubscriptions.userId', '=', userId),
              ),
              eb.exists(
                eb
                  .selectFrom('eventWaitlist')
                  .select('eventWaitlist.eventId')
                  .whereRef('eventWaitlist.eventId', '=', 'events.id')
                  .where('eventWaitlist.userId', '=', userId),
              ),
            ])
            .as('answered'),
          totalCount,
        ])
        .where('events.createdAt', '>', window.start)
        .where('events.createdAt', '<=', window.end)
        .where('events.endAt', '>=', window.end)
        .orderBy('events.startAt')
        .orderBy('events.id')
        .limit(limit)
        .execute();
      return newsRows(rows, (row) => {
        const free = freePlaces(row);
        // SQLite answers the condition as 0/1, PostgreSQL as a boolean
        const places = free === null || row.answered ? '' : `, ${placesText(free)}`;
        return {
          label: row.name,
          path: APP_PATHS.event(row.id),
          detail: `am ${berlinDateTime.format(row.startAt)} Uhr${places}`,
        };
      });
    },
};

const placesText = (free: number) =>
  free === 0 ? REGISTRATION_LABELS.fullyBooked : REGISTRATION_LABELS.placesLeft(free);
