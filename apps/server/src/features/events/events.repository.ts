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
  /** hours before the start of the reminder mail (null: none); omitted: the column's value stays */
  reminderHours?: number | null;
}

/** Events overlapping [from, to): ended at or after `from`, started before `to` (no `to`: no end). */
export interface EventRange {
  from: Date;
  to?: Date | undefined;
}

export interface SubscriptionRow {
  eventId: number;
  userId: number;
  status: boolean;
  /** companions of an accepted answer (0 for a declined one) */
  guests: number;
  /** when the answer was last given */
  answeredAt: Date;
  username: string;
  email: string | null;
  company: string | null;
}

/** A page of the listing: `upcoming` events have not ended at `now`, `past` ones ended before it. */
export interface EventPage {
  scope: 'upcoming' | 'past';
  now: Date;
  /** past: ended at or after this moment */
  since: Date;
  /** the start and id of the last event shown: the page goes on after it (upcoming) or before it (past) */
  after?: { start: Date; id: number } | undefined;
  limit: number;
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

    /**
     * A page of the listing by (start, id): upcoming soonest first, past latest first. The index
     * events_start_end_idx yields it in order and skips the other section's events by their end.
     */
    page({ scope, now, since, after, limit }: EventPage): Promise<EventRow[]> {
      const upcoming = scope === 'upcoming';
      let query = db.selectFrom('events').selectAll();
      query = upcoming
        ? query.where('endAt', '>=', now)
        : query.where('endAt', '<', now).where('endAt', '>=', since);
      // the first page of the past: started before now too (as every event that ended did), so that the
      // index is read backwards from now; a further page is read from its cursor
      if (!upcoming && !after) query = query.where('startAt', '<', now);
      if (after) {
        query = query.where((eb) =>
          eb(eb.refTuple('startAt', 'id'), upcoming ? '>' : '<', eb.tuple(after.start, after.id)),
        );
      }
      const direction = upcoming ? 'asc' : 'desc';
      return query.orderBy('startAt', direction).orderBy('id', direction).limit(limit).execute();
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

    /** `revised`: the save changes the event, so its iCalendar SEQUENCE grows by one. */
    async update(
      executor: Executor,
      id: number,
      values: EventValues,
      now: Date,
      revised: boolean,
    ): Promise<void> {
      await executor
        .updateTable('events')
        .set((eb) => ({
          ...values,
          updatedAt: now,
          ...(revised ? { sequence: eb('sequence', '+', 1) } : {}),
        }))
        .where('id', '=', id)
        .execute();
    },

    /** Subscriptions go with the event (foreign key cascade). */
    async delete(executor: Executor, id: number): Promise<void> {
      await executor.deleteFrom('events').where('id', '=', id).execute();
    },

    /**
     * The answers to these events, with their members; only `userId`'s when given. The members are read by
     * id after the answers: as a join PostgreSQL merged the answers with the users table in id order, reading
     * the members up to the highest id among them (3,000 of 100,000 for one event of 50 answers).
     */
    async subscriptionsOf(eventIds: readonly number[], userId?: number): Promise<SubscriptionRow[]> {
      if (eventIds.length === 0) return [];
      let query = db
        .selectFrom('eventSubscriptions')
        .select(['eventId', 'userId', 'status', 'guests', 'updatedAt as answeredAt']);
      query =
        eventIds.length === 1
          ? query.where('eventId', '=', eventIds[0] as number)
          : query.where('eventId', 'in', eventIds);
      if (userId !== undefined) query = query.where('userId', '=', userId);
      const answers = await query.execute();
      if (answers.length === 0) return [];
      const users = await db
        .selectFrom('users')
        .select(['id', 'username', 'email', 'company'])
        .where('id', 'in', [...new Set(answers.map((answer) => answer.userId))])
        .execute();
      const byId = new Map(users.map((user) => [user.id, user]));
      return answers.flatMap((answer) => {
        const user = byId.get(answer.userId);
        return user ? [{ ...answer, username: user.username, email: user.email, company: user.company }] : [];
      });
    },

    /** `userId`'s answers to these events (true attends, false declined; missing: pending). */
    async answersOf(
      eventIds: readonly number[],
      userId: number,
    ): Promise<Map<number, { status: boolean; guests: number; answeredAt: Date }>> {
      const result = new Map<number, { status: boolean; guests: number; answeredAt: Date }>();
      if (eventIds.length === 0) return result;
      const rows = await db
        .selectFrom('eventSubscriptions')
        .select(['eventId', 'status', 'guests', 'updatedAt'])
        .where('userId', '=', userId)
        .where('eventId', 'in', eventIds)
        .execute();
      for (const row of rows)
        result.set(row.eventId, { status: row.status, guests: row.guests, answeredAt: row.updatedAt });
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
