/**
 * The notification centre's reading side (issue 37 point 5, decision 0189): a member's list, newest first, the
 * bell's unread count and marking read. Only a member's own rows are ever read or changed. A row whose time
 * lies ahead (a scheduled circular) is neither listed nor counted until then.
 */
import {
  CONVERSATION_MESSAGES,
  NOTIFICATION_CENTRE_KINDS,
  personName,
  type TNotificationCentreKind,
  type TNotificationItem,
  type TNotificationList,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Executor } from '../db/executor.ts';
import type { DB } from '../db/schema.ts';
import { ACTOR_KINDS } from './notices.ts';

const KINDS: readonly string[] = NOTIFICATION_CENTRE_KINDS;
export const isCentreKind = (kind: string): kind is TNotificationCentreKind => KINDS.includes(kind);

/** A stored row with its actor's current name, as the list and the export read it. */
export interface NotificationRow {
  id: number;
  kind: string;
  text: string;
  link: string;
  createdAt: Date;
  readAt: Date | null;
  actorId: number | null;
  actorUsername: string | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  actorErasedAt: Date | null;
}

/** The rows of a member's notifications with their actor, to be narrowed and ordered by the caller. */
export function notificationRows(executor: Executor, recipientId: number) {
  return executor
    .selectFrom('notifications as n')
    .leftJoin('users as actor', 'actor.id', 'n.actorId')
    .select([
      'n.id',
      'n.kind',
      'n.text',
      'n.link',
      'n.createdAt',
      'n.readAt',
      'n.actorId',
      'actor.username as actorUsername',
      'actor.firstName as actorFirstName',
      'actor.lastName as actorLastName',
      'actor.erasedAt as actorErasedAt',
    ])
    .where('n.recipientId', '=', recipientId);
}

/**
 * A row as the API answers it: the actor by their current name, the sentence with that name in front for the
 * kinds that have one ('Ehemaliges Mitglied' once the actor was erased). Undefined for a kind no longer known.
 */
export function presentNotification(row: NotificationRow): TNotificationItem | undefined {
  if (!isCentreKind(row.kind)) return undefined;
  const actor =
    row.actorId !== null && row.actorUsername !== null && row.actorErasedAt === null
      ? {
          id: row.actorId,
          username: row.actorUsername,
          name: personName({
            username: row.actorUsername,
            firstName: row.actorFirstName,
            lastName: row.actorLastName,
          }),
        }
      : null;
  const text = ACTOR_KINDS.has(row.kind)
    ? `${actor?.name ?? CONVERSATION_MESSAGES.formerMember} ${row.text}`
    : row.text;
  return {
    id: row.id,
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
    actor,
    text,
    link: row.link,
  };
}

export function createNotificationCentre(db: Kysely<DB>) {
  /** The member's unread notifications due at `now`: one count over the index of unread rows. */
  async function unread(userId: number, now: Date): Promise<number> {
    const row = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('recipientId', '=', userId)
      .where('readAt', 'is', null)
      .where('createdAt', '<=', now)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  return {
    unread,

    /**
     * One page of the member's notifications, newest first: `before` the id of the last one shown (a page
     * after it); a `before` that is not the member's (or swept meanwhile) answers an empty page.
     */
    async list(
      userId: number,
      query: { before?: number | undefined; limit: number },
      now = new Date(),
    ): Promise<TNotificationList> {
      let page = notificationRows(db, userId).where('n.createdAt', '<=', now);
      if (query.before !== undefined) {
        const cursor = await db
          .selectFrom('notifications')
          .select('createdAt')
          .where('id', '=', query.before)
          .where('recipientId', '=', userId)
          .executeTakeFirst();
        if (!cursor) return { unread: await unread(userId, now), items: [], hasMore: false };
        const before = query.before;
        page = page.where((eb) =>
          eb.or([
            eb('n.createdAt', '<', cursor.createdAt),
            eb.and([eb('n.createdAt', '=', cursor.createdAt), eb('n.id', '<', before)]),
          ]),
        );
      }
      const rows = await page
        .orderBy('n.createdAt', 'desc')
        .orderBy('n.id', 'desc')
        .limit(query.limit + 1)
        .execute();
      const items = rows.slice(0, query.limit).flatMap((row) => presentNotification(row) ?? []);
      return { unread: await unread(userId, now), items, hasMore: rows.length > query.limit };
    },

    /** Marks the member's notifications read: those of `ids` (others' ids are passed over), or all. */
    async markRead(userId: number, ids: readonly number[] | undefined, now = new Date()): Promise<number> {
      if (ids === undefined || ids.length > 0) {
        await db
          .updateTable('notifications')
          .set({ readAt: now })
          .where('recipientId', '=', userId)
          .where('readAt', 'is', null)
          .where('createdAt', '<=', now)
          .$if(ids !== undefined, (update) => update.where('id', 'in', [...new Set(ids)]))
          .execute();
      }
      return unread(userId, now);
    },
  };
}

export type NotificationCentre = ReturnType<typeof createNotificationCentre>;
