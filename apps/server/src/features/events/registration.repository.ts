import { SqliteAdapter } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { EventRow } from './events.repository.ts';

/** A waiting place with its member; `position` 1 moves up next. */
export interface WaitingRow {
  id: number;
  eventId: number;
  userId: number;
  guests: number;
  position: number;
  createdAt: Date;
  username: string;
  email: string | null;
  company: string | null;
}

/** A member's answer as stored (`guests` 0 for a declined one). */
export interface AnswerRow {
  status: boolean;
  guests: number;
}

const isPostgres = (executor: Executor) => !(executor.getExecutor().adapter instanceof SqliteAdapter);

/** The places taken: members with a place and their companions (both counts kept on the row). */
export const placesTaken = (event: Pick<EventRow, 'acceptedCount' | 'guestCount'>): number =>
  event.acceptedCount + event.guestCount;

/** The places left; null without a capacity. */
export function freePlaces(event: Pick<EventRow, 'maxParticipants' | 'acceptedCount' | 'guestCount'>) {
  return event.maxParticipants === null ? null : Math.max(0, event.maxParticipants - placesTaken(event));
}

/** Answers and waiting places of one event, read and written in the transaction that holds its row. */
export const registrationRepository = {
  /**
   * The event's row, locked until the transaction ends: PostgreSQL with FOR UPDATE, so that two answers to
   * one event follow each other; SQLite runs one transaction at a time anyway (decision 0164).
   */
  lockEvent(trx: Executor, id: number): Promise<EventRow | undefined> {
    const query = trx.selectFrom('events').selectAll().where('id', '=', id);
    return (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
  },

  answerOf(trx: Executor, eventId: number, userId: number): Promise<AnswerRow | undefined> {
    return trx
      .selectFrom('eventSubscriptions')
      .select(['status', 'guests'])
      .where('eventId', '=', eventId)
      .where('userId', '=', userId)
      .executeTakeFirst();
  },

  async saveAnswer(
    trx: Executor,
    row: { eventId: number; userId: number; status: boolean; guests: number },
    now: Date,
  ): Promise<void> {
    await trx
      .insertInto('eventSubscriptions')
      .values({ ...row, createdAt: now, updatedAt: now })
      .onConflict((oc) =>
        oc
          .columns(['eventId', 'userId'])
          .doUpdateSet({ status: row.status, guests: row.guests, updatedAt: now }),
      )
      .execute();
  },

  /** Whether an answer was there to delete. */
  async deleteAnswer(trx: Executor, eventId: number, userId: number): Promise<boolean> {
    const result = await trx
      .deleteFrom('eventSubscriptions')
      .where('eventId', '=', eventId)
      .where('userId', '=', userId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  },

  /** The member's waiting place with its position, if any. */
  async waitingOf(trx: Executor, eventId: number, userId: number) {
    const row = await trx
      .selectFrom('eventWaitlist')
      .select(['id', 'guests', 'createdAt'])
      .where('eventId', '=', eventId)
      .where('userId', '=', userId)
      .executeTakeFirst();
    if (!row) return undefined;
    const ahead = await trx
      .selectFrom('eventWaitlist')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('eventId', '=', eventId)
      .where('id', '<', row.id)
      .executeTakeFirstOrThrow();
    return { ...row, position: Number(ahead.n) + 1 };
  },

  /** A new waiting place goes to the end; an existing one keeps its position and takes the new companions. */
  async wait(trx: Executor, row: { eventId: number; userId: number; guests: number }, now: Date) {
    await trx
      .insertInto('eventWaitlist')
      .values({ ...row, createdAt: now })
      .onConflict((oc) => oc.columns(['eventId', 'userId']).doUpdateSet({ guests: row.guests }))
      .execute();
  },

  async leaveWaitlist(trx: Executor, eventId: number, userId: number): Promise<boolean> {
    const result = await trx
      .deleteFrom('eventWaitlist')
      .where('eventId', '=', eventId)
      .where('userId', '=', userId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  },

  /** The first waiting place of the event. */
  head(trx: Executor, eventId: number) {
    return trx
      .selectFrom('eventWaitlist')
      .innerJoin('users', 'users.id', 'eventWaitlist.userId')
      .select(['eventWaitlist.userId', 'eventWaitlist.guests', 'users.username', 'users.email'])
      .where('eventWaitlist.eventId', '=', eventId)
      .orderBy('eventWaitlist.id')
      .limit(1)
      .executeTakeFirst();
  },

  /** The waiting lists of these events in order, with positions; only `userId`'s places when given. */
  async waitlistsOf(executor: Executor, eventIds: readonly number[], userId?: number): Promise<WaitingRow[]> {
    if (eventIds.length === 0) return [];
    const rows = await executor
      .selectFrom('eventWaitlist')
      .innerJoin('users', 'users.id', 'eventWaitlist.userId')
      .select([
        'eventWaitlist.id',
        'eventWaitlist.eventId',
        'eventWaitlist.userId',
        'eventWaitlist.guests',
        'eventWaitlist.createdAt',
        'users.username',
        'users.email',
        'users.company',
      ])
      .where('eventWaitlist.eventId', 'in', eventIds)
      .orderBy('eventWaitlist.eventId')
      .orderBy('eventWaitlist.id')
      .execute();
    const positions = new Map<number, number>();
    const all = rows.map((row) => {
      const position = (positions.get(row.eventId) ?? 0) + 1;
      positions.set(row.eventId, position);
      return { ...row, position };
    });
    return userId === undefined ? all : all.filter((row) => row.userId === userId);
  },

  /**
   * The member's own waiting places in these events, each with its position counted over the index
   * (event, id): one query, reading only the events the member waits in.
   */
  async myWaitingPlaces(executor: Executor, eventIds: readonly number[], userId: number) {
    const result = new Map<number, { position: number; guests: number; createdAt: Date }>();
    if (eventIds.length === 0) return result;
    const rows = await executor
      .selectFrom('eventWaitlist as mine')
      .select((eb) => [
        'mine.eventId',
        'mine.guests',
        'mine.createdAt',
        eb
          .selectFrom('eventWaitlist as ahead')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('ahead.eventId', '=', 'mine.eventId')
          .whereRef('ahead.id', '<=', 'mine.id')
          .as('position'),
      ])
      .where('mine.userId', '=', userId)
      .where('mine.eventId', 'in', eventIds)
      .execute();
    for (const row of rows) {
      result.set(row.eventId, {
        position: Number(row.position),
        guests: row.guests,
        createdAt: row.createdAt,
      });
    }
    return result;
  },
};
