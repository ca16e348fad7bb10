import { APP_PATHS } from '@portal/contract';
import { newsRows, totalCount } from '../../platform/db/news-rows.ts';
import type { DigestSection } from '../../platform/registry/digest-section.ts';
import { berlinDateTime } from '../../platform/time/berlin-time.ts';
import { readsEvents } from './event-visibility.ts';

/**
 * What the events contribute to the digest (features/notifications, issue 17): events created in the window
 * and not over at its end, the soonest first.
 */
export const eventsDigest: DigestSection = {
  title: 'Veranstaltungen',
  counted: { one: 'Veranstaltung', many: 'Veranstaltungen' },
  reads: readsEvents,
  startRun: (db) =>
    async function newEvents(_reader, window, limit) {
      const rows = await db
        .selectFrom('events')
        .select(['events.id', 'events.name', 'events.startAt', totalCount])
        .where('events.createdAt', '>', window.start)
        .where('events.createdAt', '<=', window.end)
        .where('events.endAt', '>=', window.end)
        .orderBy('events.startAt')
        .orderBy('events.id')
        .limit(limit)
        .execute();
      return newsRows(rows, (row) => ({
        label: row.name,
        path: APP_PATHS.event(row.id),
        detail: `am ${berlinDateTime.format(row.startAt)} Uhr`,
      }));
    },
};
