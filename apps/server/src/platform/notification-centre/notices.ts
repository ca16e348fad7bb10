/**
 * The notification centre's one way in (issue 37 point 5): a feature records what happened for a member with
 * `notify` in the transaction of the change itself, as it records an audit entry, so that a notification
 * exists exactly when its cause does. The platform keeps, lists, counts and sweeps them (notification-centre.ts);
 * it never names a feature's table.
 */
import type { TNotificationCentreKind } from '@portal/contract';
import { type SqlBool, sql } from 'kysely';
import type { Executor } from '../db/executor.ts';

/** One notification for one member. */
export interface Notice {
  recipientId: number;
  kind: TNotificationCentreKind;
  /** who caused it; null for the office's circulars and events */
  actorId: number | null;
  /**
   * The German sentence, for the kinds with an actor without the actor's name, which is put in front when it
   * is read ('hat Sie in „Glaspreise 2027“ erwähnt.'): an erased actor then reads 'Ehemaliges Mitglied'.
   */
  text: string;
  /** the app path it opens (contract APP_PATHS) */
  link: string;
  /**
   * Unique per recipient: a second notice with the same key is dropped ('mention:12' once per post and member,
   * 'reaction:12:thanks' once per post and kind), also when the producer runs again after an edit or a toggle.
   */
  key: string;
  /** when it happened; a later time (a scheduled circular) shows it only from then on */
  at: Date;
}

/** The kinds whose sentence starts with the actor's name (the name is not stored with the text). */
export const ACTOR_KINDS: ReadonlySet<TNotificationCentreKind> = new Set(['mention', 'reply', 'reaction']);

/** The stored limits of the columns (migration 0038): a long thread title is cut, never refused. */
const TEXT_MAX = 600;
const LINK_MAX = 500;
const KEY_MAX = 200;

/** SQLite allows 32,766 bound values per statement; 7 a row. */
const INSERT_CHUNK = 1_000;

/** `text` cut to `max` characters with '…' at the end. */
function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * Records the notices in the caller's transaction; a notice whose key the recipient has already is dropped.
 * Answers the recipients that got a new one.
 */
export async function notify(executor: Executor, notices: readonly Notice[]): Promise<number[]> {
  const added: number[] = [];
  for (let start = 0; start < notices.length; start += INSERT_CHUNK) {
    const rows = await executor
      .insertInto('notifications')
      .values(
        notices.slice(start, start + INSERT_CHUNK).map((notice) => ({
          recipientId: notice.recipientId,
          kind: notice.kind,
          actorId: notice.actorId,
          text: cut(notice.text, TEXT_MAX),
          link: notice.link.slice(0, LINK_MAX),
          dedupeKey: notice.key.slice(0, KEY_MAX),
          createdAt: notice.at,
        })),
      )
      .onConflict((oc) => oc.columns(['recipientId', 'dedupeKey']).doNothing())
      .returning('recipientId')
      .execute();
    for (const row of rows) added.push(row.recipientId);
  }
  return added;
}

/** Marks the member's notification of that key read: what it asked for is done (a circular confirmed). */
export async function noticeDone(
  executor: Executor,
  recipientId: number,
  key: string,
  at: Date,
): Promise<void> {
  await executor
    .updateTable('notifications')
    .set({ readAt: at })
    .where('recipientId', '=', recipientId)
    .where('dedupeKey', '=', key.slice(0, KEY_MAX))
    .where('readAt', 'is', null)
    .execute();
}

/**
 * Removes every member's notifications whose key starts with `prefix` ('circular:12:'): what they announce is
 * gone before anyone saw it (a scheduled circular deleted). Rare: it reads the table without an index.
 */
export async function withdrawNotices(executor: Executor, prefix: string): Promise<void> {
  const pattern = `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  await executor
    .deleteFrom('notifications')
    .where(sql<SqlBool>`${sql.ref('dedupeKey')} like ${pattern} escape ${sql.lit('\\')}`)
    .execute();
}
