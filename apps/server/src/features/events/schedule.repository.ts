import { EVENT_REMINDER_HOURS_MAX } from '@portal/contract';
import type { Executor } from '../../platform/db/executor.ts';
import type { EventRow } from './events.repository.ts';

const HOUR_MS = 60 * 60 * 1000;

/** A member who gets the event's mails, by id and address. */
/** A member to tell of an event: by mail when they have an address (null: none), always in the bell. */
export interface EventRecipient {
  userId: number;
  email: string | null;
}

const addressOf = (email: string | null) => email?.trim() || null;

/**
 * The rows of reminders, changes and cancellations (issue 35 points 3 and 4). Who holds a place is read in
 * the caller's transaction, so a decline committed before it gets no mail.
 */
export const scheduleRepository = {
  /** Members with a place (an accepted answer). */
  async attendeesOf(executor: Executor, eventIds: readonly number[]): Promise<Map<number, EventRecipient[]>> {
    const result = new Map<number, EventRecipient[]>();
    if (eventIds.length === 0) return result;
    const rows = await executor
      .selectFrom('eventSubscriptions')
      .innerJoin('users', 'users.id', 'eventSubscriptions.userId')
      .select(['eventSubscriptions.eventId', 'users.id as userId', 'users.email'])
      .where('eventSubscriptions.eventId', 'in', eventIds)
      .where('eventSubscriptions.status', '=', true)
      .where('users.disabled', '=', false)
      .orderBy('users.id')
      .execute();
    for (const row of rows) {
      const list = result.get(row.eventId) ?? [];
      list.push({ userId: row.userId, email: addressOf(row.email) });
      result.set(row.eventId, list);
    }
    return result;
  },

  /** Members with a waiting place, in their order. */
  async waitingOf(executor: Executor, eventId: number): Promise<EventRecipient[]> {
    const rows = await executor
      .selectFrom('eventWaitlist')
      .innerJoin('users', 'users.id', 'eventWaitlist.userId')
      .select(['users.id as userId', 'users.email'])
      .where('eventWaitlist.eventId', '=', eventId)
      .where('users.disabled', '=', false)
      .orderBy('eventWaitlist.id')
      .execute();
    return rows.map((row) => ({ userId: row.userId, email: addressOf(row.email) }));
  },

  /**
   * Events whose reminder is due at `now`: not cancelled, not started, and `reminderHours` or less ahead.
   * The hours differ per event, so the window of the longest is read and each is checked here (the same
   * query on both databases, without date arithmetic in SQL).
   */
  async dueReminders(executor: Executor, now: Date): Promise<EventRow[]> {
    const rows = await executor
      .selectFrom('events')
      .selectAll()
      .where('reminderHours', 'is not', null)
      .where('cancelledAt', 'is', null)
      .where('startAt', '>', now)
      .where('startAt', '<=', new Date(now.getTime() + EVENT_REMINDER_HOURS_MAX * HOUR_MS))
      .orderBy('startAt')
      .orderBy('id')
      .execute();
    return rows.filter(
      (row) =>
        row.reminderHours !== null && row.startAt.getTime() - row.reminderHours * HOUR_MS <= now.getTime(),
    );
  },

  /** Whether an event still shows the stored picture (a series' occurrences share theirs). */
  async pictureInUse(executor: Executor, imageKey: string): Promise<boolean> {
    const row = await executor
      .selectFrom('events')
      .select('id')
      .where('imageKey', '=', imageKey)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Claims the member's reminder of the event: false when it was queued before (decision 0165). */
  async claimReminder(
    trx: Executor,
    key: { eventId: number; userId: number; startAt: Date },
    now: Date,
  ): Promise<boolean> {
    const row = await trx
      .insertInto('eventReminders')
      .values({ ...key, queuedAt: now })
      .onConflict((oc) => oc.columns(['eventId', 'userId']).doNothing())
      .returning('userId')
      .executeTakeFirst();
    return row !== undefined;
  },
};
