import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import type { MailOutboxTable } from '../db/schema.ts';

/** A file sent with a mail (e.g. an event's .ics): text is stored as UTF-8. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer | string;
}

/** An attachment as the outbox row keeps it (JSON in `attachments`). */
interface StoredAttachment {
  filename: string;
  contentType: string;
  base64: string;
}

/** The attachments of an outbox row, as the transport sends them. */
export function attachmentsOf(row: Pick<OutboxRow, 'attachments'>): MailAttachment[] {
  if (!row.attachments) return [];
  return (JSON.parse(row.attachments) as StoredAttachment[]).map((file) => ({
    filename: file.filename,
    contentType: file.contentType,
    content: Buffer.from(file.base64, 'base64'),
  }));
}

function storedAttachments(files: readonly MailAttachment[] | undefined): string | null {
  if (!files || files.length === 0) return null;
  const stored: StoredAttachment[] = files.map((file) => ({
    filename: file.filename,
    contentType: file.contentType,
    base64: Buffer.from(file.content).toString('base64'),
  }));
  return JSON.stringify(stored);
}

/** A mail to queue: one recipient each, so that every recipient is sent, retried and marked on its own. */
export interface OutgoingMail {
  recipient: string;
  subject: string;
  html: string;
  text: string;
  /** what the mail is about, e.g. 'blog:12'; a topic holds at most one open mail per recipient. */
  topic?: string | null;
  /** the one-click unsubscribe address (RFC 8058): the worker sends it as List-Unsubscribe. */
  listUnsubscribe?: string | null;
  /** files sent with the mail */
  attachments?: readonly MailAttachment[];
}

export type OutboxRow = Selectable<MailOutboxTable>;

/** SQLite allows 32,766 bound values per statement; 9 a row. */
const INSERT_CHUNK = 500;

/**
 * The mail outbox table: mails are queued in the caller's transaction and sent later by the worker, so a
 * crash or restart loses none. A worker claims one row at a time with a token and a lease. A lease that runs
 * out is first only noted (`claimExpiredAt`) and runs once more; a claim that its holder neither renewed nor
 * settled in that time (a crashed worker) is claimable again (decision 0112).
 */
export function createMailOutbox(database: Pick<Database, 'db' | 'kind'>) {
  const { db, kind } = database;

  return {
    async enqueue(executor: Executor, mails: readonly OutgoingMail[], now = new Date()): Promise<number> {
      for (let start = 0; start < mails.length; start += INSERT_CHUNK) {
        await executor
          .insertInto('mailOutbox')
          .values(
            mails.slice(start, start + INSERT_CHUNK).map((mail) => ({
              topic: mail.topic ?? null,
              listUnsubscribe: mail.listUnsubscribe ?? null,
              attachments: storedAttachments(mail.attachments),
              recipient: mail.recipient,
              subject: mail.subject,
              html: mail.html,
              text: mail.text,
              nextAttemptAt: now,
              createdAt: now,
            })),
          )
          .execute();
      }
      return mails.length;
    },

    /** true while a mail of the topic waits or is being sent. */
    async hasOpen(executor: Executor, topic: string): Promise<boolean> {
      const row = await executor
        .selectFrom('mailOutbox')
        .select('id')
        .where('topic', '=', topic)
        .where('status', 'in', ['pending', 'sending'])
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Notes the claims whose lease ran out, and gives each one more lease under the same token: a holder that
     * is alive (it was only cut off from the database) renews or settles it in that time. Returns how many.
     */
    async noteExpiredClaims(leaseMs: number, now = new Date()): Promise<number> {
      const result = await db
        .updateTable('mailOutbox')
        .set({ claimExpiredAt: now, lockedUntil: new Date(now.getTime() + leaseMs) })
        .where('status', '=', 'sending')
        .where('lockedUntil', '<', now)
        .where('claimExpiredAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** The claims noted as expired and not yet renewed or settled: their holders may know them. */
    async expiredClaims(): Promise<Pick<OutboxRow, 'id' | 'claimToken'>[]> {
      return db
        .selectFrom('mailOutbox')
        .select(['id', 'claimToken'])
        .where('status', '=', 'sending')
        .where('claimExpiredAt', 'is not', null)
        .execute();
    },

    /**
     * Claims the next due mail atomically: one UPDATE whose sub-select skips rows another instance holds
     * (PostgreSQL `FOR UPDATE SKIP LOCKED`; SQLite runs one writer at a time). Due are waiting mails and claims
     * whose lease ran out again after it was noted (noteExpiredClaims). Counts the attempt at once, so a
     * worker that dies while sending still uses one up.
     */
    async claim(leaseMs: number, now = new Date()): Promise<OutboxRow | undefined> {
      const due = db
        .selectFrom('mailOutbox')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'pending'), eb('nextAttemptAt', '<=', now)]),
            eb.and([
              eb('status', '=', 'sending'),
              eb('lockedUntil', '<', now),
              eb('claimExpiredAt', 'is not', null),
            ]),
          ]),
        )
        .orderBy('nextAttemptAt')
        .orderBy('id')
        .limit(1);
      return db
        .updateTable('mailOutbox')
        .set((eb) => ({
          status: 'sending',
          claimToken: randomUUID(),
          lockedUntil: new Date(now.getTime() + leaseMs),
          claimExpiredAt: null,
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', '=', kind === 'postgres' ? due.forUpdate().skipLocked() : due)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Keeps a claim while its mail is still being sent: the lease runs `leaseMs` from now. False when the
     * claim was lost. A worker that dies stops renewing, so its mail is free again within one lease.
     */
    async renew(row: OutboxRow, leaseMs: number, now = new Date()): Promise<boolean> {
      if (!row.claimToken) return false;
      const result = await db
        .updateTable('mailOutbox')
        .set({ lockedUntil: new Date(now.getTime() + leaseMs), claimExpiredAt: null })
        .where('id', '=', row.id)
        .where('claimToken', '=', row.claimToken)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Marks the claimed mail sent; false when the claim was lost (the lease expired and another took it). */
    async markSent(row: Pick<OutboxRow, 'id' | 'claimToken'>, now = new Date()): Promise<boolean> {
      return settle(row, { status: 'sent', sentAt: now, lastError: null });
    },

    /** Puts the claimed mail back for another attempt at `nextAttemptAt`. */
    async retryLater(row: OutboxRow, error: string, nextAttemptAt: Date): Promise<boolean> {
      return settle(row, { status: 'pending', nextAttemptAt, lastError: error });
    },

    /** Gives up on the claimed mail. */
    async markFailed(row: OutboxRow, error: string): Promise<boolean> {
      return settle(row, { status: 'failed', lastError: error });
    },

    /** Mails sent after `since` (by any instance) and the moment the first of them was sent. */
    async sentSince(since: Date): Promise<{ count: number; first: Date | undefined }> {
      return countSent(since);
    },

    /**
     * The mails that count against MAIL_RATE_PER_MINUTE: sent after `since`, or being sent by any instance
     * at `now` (claimed, lease running). `first` is when the first of the sent ones went out.
     */
    async rateWindow(since: Date, now: Date): Promise<{ count: number; first: Date | undefined }> {
      return countSent(since, now);
    },

    /** How many mails wait to be sent (retries included) and since when the oldest of them waits. */
    async waiting(): Promise<{ count: number; oldest: Date | undefined }> {
      const row = await db
        .selectFrom('mailOutbox')
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('createdAt').as('oldest')])
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return { count: row?.count ?? 0, oldest: row?.oldest ?? undefined };
    },

    /** Mails in each state that is not `sent` (sent ones are counted by sentSince). */
    async countsByStatus(): Promise<Record<'pending' | 'sending' | 'failed', number>> {
      const rows = await db
        .selectFrom('mailOutbox')
        .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
        .where('status', 'in', ['pending', 'sending', 'failed'])
        .groupBy('status')
        .execute();
      const count = (status: string) => rows.find((row) => row.status === status)?.count ?? 0;
      return { pending: count('pending'), sending: count('sending'), failed: count('failed') };
    },

    byTopic(topic: string) {
      return db.selectFrom('mailOutbox').selectAll().where('topic', '=', topic).orderBy('id').execute();
    },
  };

  async function countSent(
    since: Date,
    inFlightAt?: Date,
  ): Promise<{ count: number; first: Date | undefined }> {
    const row = await db
      .selectFrom('mailOutbox')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('sentAt').as('first')])
      .where((eb) =>
        inFlightAt
          ? eb.or([
              eb('sentAt', '>', since),
              eb.and([eb('status', '=', 'sending'), eb('lockedUntil', '>', inFlightAt)]),
            ])
          : eb('sentAt', '>', since),
      )
      .executeTakeFirst();
    return { count: row?.count ?? 0, first: row?.first ?? undefined };
  }

  async function settle(
    row: Pick<OutboxRow, 'id' | 'claimToken'>,
    changes: Partial<Pick<OutboxRow, 'status' | 'lastError'>> & { sentAt?: Date; nextAttemptAt?: Date },
  ): Promise<boolean> {
    if (!row.claimToken) return false;
    const result = await db
      .updateTable('mailOutbox')
      .set({ ...changes, claimToken: null, lockedUntil: null, claimExpiredAt: null })
      .where('id', '=', row.id)
      .where('claimToken', '=', row.claimToken)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
