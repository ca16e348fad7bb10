import type { Kysely, Selectable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB, EventsTable } from '../../platform/db/schema.ts';

export type EventRow = Selectable<EventsTable>;

export interface EventValues {
  name: string;
  description: string;
  location: string | null;
  startAt: Date;
  endAt: Date;
  url: string | null;
  teilnahmeausblenden: boolean;
  external: boolean;
  registrationDeadline: Date | null;
  imageKey: string | null;
  imageName: string | null;
}

/** Events overlapping [from, to): ended at or after `from`, started before `to` (no `to`: no end). */
export interface EventRange {
  from: Date;
  to?: Date | undefined;
}

export interface SubscriptionRow {
  eventId: number;
  userId: number;
  status: unknown;
  username: string;
  email: string | null;
  company: string | null;
}

export function createEventsRepository(db: Kysely<DB>) {
  return {
    /** Ordered by start; the id orders events starting at the same moment. */
    list(range: EventRange, limit?: number): Promise<EventRow[]> {
      let query = db.selectFrom('events').selectAll().where('endAt', '>=', range.from);
      if (range.to) query = query.where('startAt', '<', range.to);
      query = query.orderBy('startAt').orderBy('id');
      return (limit === undefined ? query : query.limit(limit)).execute();
    },

    find(executor: Executor, id: number): Promise<EventRow | undefined> {
      return executor.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insert(executor: Executor, values: EventValues, now: Date): Promise<number> {
      const row = await executor
        .insertInto('events')
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(executor: Executor, id: number, values: EventValues, now: Date): Promise<void> {
      await executor
        .updateTable('events')
        .set({ ...values, updatedAt: now })
        .where('id', '=', id)
        .execute();
    },

    /** Subscriptions go with the event (foreign key cascade). */
    async delete(executor: Executor, id: number): Promise<void> {
      await executor.deleteFrom('events').where('id', '=', id).execute();
    },

    /** The answers to these events, with their members; only `userId`'s when given. */
    subscriptionsOf(eventIds: readonly number[], userId?: number): Promise<SubscriptionRow[]> {
      if (eventIds.length === 0) return Promise.resolve([]);
      let query = db
        .selectFrom('eventSubscriptions')
        .innerJoin('users', 'users.id', 'eventSubscriptions.userId')
        .select([
          'eventSubscriptions.eventId',
          'eventSubscriptions.userId',
          'eventSubscriptions.status',
          'users.username',
          'users.email',
          'users.company',
        ])
        .where('eventSubscriptions.eventId', 'in', eventIds);
      if (userId !== undefined) query = query.where('eventSubscriptions.userId', '=', userId);
      return query.execute();
    },

    /** Accepted and declined answers per event. */
    async countsOf(
      eventIds: readonly number[],
    ): Promise<Map<number, { accepted: number; declined: number }>> {
      const result = new Map<number, { accepted: number; declined: number }>();
      if (eventIds.length === 0) return result;
      const rows = await db
        .selectFrom('eventSubscriptions')
        .select((eb) => ['eventId', 'status', eb.fn.countAll<number>().as('n')])
        .where('eventId', 'in', eventIds)
        .groupBy(['eventId', 'status'])
        .execute();
      for (const row of rows) {
        const counts = result.get(row.eventId) ?? { accepted: 0, declined: 0 };
        if (row.status) counts.accepted = Number(row.n);
        else counts.declined = Number(row.n);
        result.set(row.eventId, counts);
      }
      return result;
    },

    /** One answer per member and event: a second answer replaces the first. */
    async saveSubscription(
      executor: Executor,
      row: { eventId: number; userId: number; status: boolean },
      now: Date,
    ): Promise<void> {
      await executor
        .insertInto('eventSubscriptions')
        .values({ ...row, createdAt: now, updatedAt: now })
        .onConflict((oc) =>
          oc.columns(['eventId', 'userId']).doUpdateSet({ status: row.status, updatedAt: now }),
        )
        .execute();
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;
