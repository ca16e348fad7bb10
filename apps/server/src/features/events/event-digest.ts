import type { Kysely } from 'kysely';
import { type NewsRows, type NewsWindow, newsRows, totalCount } from '../../platform/db/news-rows.ts';
import type { DB } from '../../platform/db/schema.ts';

export interface NewEvent {
  id: number;
  name: string;
  startAt: Date;
}

/** What the events contribute to the digest (features/notifications, issue 17). */
export function createEventsDigestSource(db: Kysely<DB>) {
  return {
    /** Events created in the window and not over at its end, the soonest first. */
    async newEvents(window: NewsWindow, limit: number): Promise<NewsRows<NewEvent>> {
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
      return newsRows(rows, (row) => ({ id: row.id, name: row.name, startAt: row.startAt }));
    },
  };
}
