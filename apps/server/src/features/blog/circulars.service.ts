/**
 * Circulars (Rundschreiben) with read confirmation (issue 34, decisions 0160–0162): the member's confirmation,
 * the office's lists and reminder, the dashboard's 'Zu bestätigen' and the reminder mails before and on the
 * day of 'Bestätigen bis'.
 */
import {
  APP_PATHS,
  BLOG_MESSAGES,
  CONFIRMATION_REMINDER_DAYS_BEFORE,
  CONFIRMATION_REMINDER_REPEAT_HOURS,
  CONFIRMATIONS_CSV,
  circularLabel,
  ERASED_MEMBER_NAME,
  personName,
  type TAppAddresses,
  type TConfirmationMember,
  type TConfirmationReminderResult,
  type TConfirmations,
  type TOwnConfirmation,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import { recordAudit } from '../../platform/audit/audit-log.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { writeCsv } from '../../platform/csv/write-csv.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import type { MailOutbox } from '../../platform/mail/mail-outbox.ts';
import { noticeDone, notify, withdrawNotices } from '../../platform/notification-centre/notices.ts';
import { berlinAsUtc, berlinDate, berlinDayStart } from '../../platform/time/berlin-time.ts';
import { memberCompanyNames } from '../companies/index.ts';
import type { BlogPostRow, createBlogRepository } from './blog.repository.ts';
import { confirmationReminderMail, type ReminderOccasion } from './circular-mails.ts';
import { createCircularsRepository, type ReminderKind } from './circulars.repository.ts';
import { postReaders } from './post-visibility.ts';

/** The Berlin day of an instant, 'YYYY-MM-DD'. */
const berlinDay = (at: Date): string => new Date(berlinAsUtc(at.getTime())).toISOString().slice(0, 10);
/** The Berlin year of an instant: a circular's number counts in the year of its publication. */
export const berlinYear = (at: Date): number => new Date(berlinAsUtc(at.getTime())).getUTCFullYear();
const dayPlus = (day: string, days: number) =>
  berlinDay(new Date(berlinDayStart(day, days).getTime() + 3_600_000));

const TEXT_FIELDS = ['title', 'preText', 'content'] as const;

export interface CircularsDeps {
  db: Kysely<DB>;
  outbox: Pick<MailOutbox, 'enqueue'>;
  addresses: TAppAddresses;
  blogRepo: ReturnType<typeof createBlogRepository>;
}

export interface ReminderRunResult {
  /** reminder mails queued in this run */
  queued: number;
}

const circularNumberOf = (row: Pick<BlogPostRow, 'circularNumber' | 'circularYear'>) =>
  row.circularNumber !== null && row.circularYear !== null
    ? { number: row.circularNumber, year: row.circularYear }
    : null;

/** The notification centre's key of a circular's request: once per member and version (issue 37). */
const noticeKey = (postId: number, version: number) => `circular:${postId}:${version}`;

export function createCirculars(deps: CircularsDeps) {
  const { db, outbox, addresses, blogRepo } = deps;
  const repo = createCircularsRepository(db);

  /** The circular as its reader may see it: 404 when hidden, missing or (for members) scheduled. */
  async function readable(principal: Principal, id: number, now: Date): Promise<BlogPostRow> {
    const [row] = await blogRepo.list({ readers: postReaders(principal, now), id }, 0, 1);
    if (!row) throw notFound(BLOG_MESSAGES.notFound);
    return row;
  }

  async function confirmable(id: number): Promise<BlogPostRow> {
    const row = await blogRepo.find(db, id);
    if (!row) throw notFound(BLOG_MESSAGES.notFound);
    if (circularNumberOf(row) === null) throw conflict(BLOG_MESSAGES.confirmationNotCircular);
    if (!row.confirmationRequired) throw conflict(BLOG_MESSAGES.confirmationNotRequested);
    return row;
  }

  const byCompany = (a: TConfirmationMember, b: TConfirmationMember) =>
    (a.company ?? '\uffff').localeCompare(b.company ?? '\uffff', 'de') ||
    a.name.localeCompare(b.name, 'de') ||
    a.username.localeCompare(b.username, 'de');

  /**
   * Queues one reminder per pending member with an address whose claim is new; in one transaction with the
   * claims, so a mail is queued exactly when its claim is written. `kind` undefined: the office's reminder,
   * which claims nothing per member.
   */
  async function queueReminders(
    trx: Executor,
    post: Pick<
      BlogPostRow,
      'id' | 'title' | 'circularNumber' | 'circularYear' | 'circularVersion' | 'confirmBy'
    >,
    occasion: ReminderOccasion,
    now: Date,
  ): Promise<number> {
    const number = circularNumberOf(post);
    if (!number) return 0;
    const pending = (await repo.pendingOf(trx, post.id, post.circularVersion)).filter(
      (member) => (member.email?.trim() ?? '') !== '',
    );
    const mail = confirmationReminderMail(
      { id: post.id, title: post.title, number, confirmBy: post.confirmBy },
      occasion,
      addresses,
    );
    const recipients: string[] = [];
    for (const member of pending) {
      if (occasion !== 'office') {
        const key = { postId: post.id, version: post.circularVersion, userId: member.id, kind: occasion };
        if (!(await repo.claimReminder(trx, key, now))) continue;
      }
      recipients.push(member.email?.trim() ?? '');
    }
    const topic = `circular:${post.id}:${post.circularVersion}:${occasion}:${now.toISOString()}`;
    await outbox.enqueue(
      trx,
      recipients.map((recipient) => ({ ...mail, recipient, topic })),
      now,
    );
    return recipients.length;
  }

  return {
    repo,

    /**
     * The circular fields of these rows for their reader: the number, the reader's own confirmation and, for
     * admins, the counts ('Bestätigt: 37 von 52').
     */
    async fieldsOf(
      principal: Principal,
      rows: readonly BlogPostRow[],
      groups: ReadonlyMap<number, readonly number[]>,
    ) {
      const asking = rows.filter((row) => row.confirmationRequired && circularNumberOf(row));
      const [latest, counts] = await Promise.all([
        repo.latestOf(
          principal.id,
          asking.map((row) => row.id),
        ),
        principal.isAdmin ? repo.counts(asking) : Promise.resolve(new Map()),
      ]);
      const result = new Map<number, { confirmation: TOwnConfirmation | null; counts: unknown }>();
      for (const row of asking) {
        const mine = latest.get(row.id);
        const meantFor =
          !principal.disabled && (groups.get(row.id) ?? []).some((id) => principal.groupIds.includes(id));
        let confirmation: TOwnConfirmation;
        if (mine && mine.version === row.circularVersion) {
          confirmation = { confirmedAt: mine.confirmedAt.toISOString(), pending: false, changedSince: null };
        } else {
          const before = mine && (await repo.version(db, row.id, mine.version));
          confirmation = {
            confirmedAt: null,
            pending: meantFor,
            changedSince:
              mine && before
                ? {
                    confirmedAt: mine.confirmedAt.toISOString(),
                    fields: TEXT_FIELDS.filter((name) => before[name] !== row[name]),
                    ...before,
                  }
                : null,
          };
        }
        result.set(row.id, { confirmation, counts: counts.get(row.id) ?? null });
      }
      return (row: BlogPostRow) => ({
        circular: circularNumberOf(row) !== null,
        circularNumber: circularNumberOf(row),
        confirmationRequired: row.confirmationRequired,
        confirmBy: row.confirmationRequired ? row.confirmBy : null,
        confirmation: result.get(row.id)?.confirmation ?? null,
        confirmationCounts:
          (result.get(row.id)?.counts as { confirmed: number; total: number } | null | undefined) ?? null,
      });
    },

    /**
     * POST /api/blog/{id}/confirmation: records that the member read the circular's current version;
     * idempotent (a second press, or two at once, keep the first time).
     */
    async confirm(principal: Principal, id: number, now = new Date()): Promise<void> {
      const row = await readable(principal, id, now);
      if (circularNumberOf(row) === null) throw conflict(BLOG_MESSAGES.confirmationNotCircular);
      if (!row.confirmationRequired) throw conflict(BLOG_MESSAGES.confirmationNotRequested);
      await db.transaction().execute(async (trx) => {
        if (!(await repo.confirm(trx, id, row.circularVersion, principal.id, now))) return;
        await noticeDone(trx, principal.id, noticeKey(id, row.circularVersion), now);
        await recordAudit(trx, {
          actorId: principal.id,
          kind: 'post.confirm',
          subjectType: 'post',
          subjectId: id,
          subjectLabel: row.title,
          changes: { version: { before: null, after: row.circularVersion } },
        });
      });
    },

    /** GET /api/blog/{id}/confirmations (admins): who confirmed the current version and who not yet. */
    async confirmations(id: number): Promise<TConfirmations> {
      const row = await confirmable(id);
      const [confirmed, pending] = await Promise.all([
        repo.confirmedOf(db, id, row.circularVersion),
        repo.pendingOf(db, id, row.circularVersion),
      ]);
      // the member company where the member has one (issue 36), else the account's company text
      const companies = await memberCompanyNames(
        db,
        [...confirmed, ...pending].map((member) => member.id),
      );
      const shown = (member: (typeof pending)[number]) => ({
        username: member.username,
        name: personName(member),
        company: companies.get(member.id) ?? member.company,
      });
      return {
        confirmed: confirmed
          .map((member) =>
            member.erasedAt
              ? {
                  username: ERASED_MEMBER_NAME,
                  name: ERASED_MEMBER_NAME,
                  company: null,
                  confirmedAt: member.confirmedAt.toISOString(),
                }
              : { ...shown(member), confirmedAt: member.confirmedAt.toISOString() },
          )
          .sort(byCompany),
        pending: pending.map((member) => ({ ...shown(member), confirmedAt: null })).sort(byCompany),
        lastReminderAt: row.confirmationReminderAt?.toISOString() ?? null,
      };
    },

    /** The same as CSV, grouped by company (both lists in one), for the office's files. */
    async confirmationsCsv(id: number): Promise<{ filename: string; data: Buffer }> {
      const lists = await this.confirmations(id);
      const row = await confirmable(id);
      const members = [...lists.confirmed, ...lists.pending].sort(byCompany);
      const rows = members.map((member) => [
        member.company ?? '',
        member.name,
        member.confirmedAt ? CONFIRMATIONS_CSV.confirmed : CONFIRMATIONS_CSV.pending,
        member.confirmedAt ?? '',
      ]);
      const number = circularNumberOf(row);
      const name = number ? `rundschreiben-${number.number}-${number.year}` : `rundschreiben-${id}`;
      return { filename: `${name}-bestaetigungen.csv`, data: writeCsv(CONFIRMATIONS_CSV.header, rows) };
    },

    /**
     * POST /api/blog/{id}/confirmationReminder (admins): one reminder now to every member still pending;
     * refused within CONFIRMATION_REMINDER_REPEAT_HOURS of the previous one.
     */
    async remindNow(
      principal: Principal,
      id: number,
      now = new Date(),
    ): Promise<TConfirmationReminderResult> {
      const row = await confirmable(id);
      if (row.publishedAt.getTime() > now.getTime()) throw conflict(BLOG_MESSAGES.breakingNewsScheduled);
      const queued = await db.transaction().execute(async (trx) => {
        if ((await repo.pendingOf(trx, id, row.circularVersion)).length === 0)
          throw conflict(BLOG_MESSAGES.reminderNothingPending);
        if (!(await repo.claimOfficeReminder(trx, id, now, CONFIRMATION_REMINDER_REPEAT_HOURS)))
          throw conflict(BLOG_MESSAGES.reminderRecent);
        const count = await queueReminders(trx, row, 'office', now);
        await recordAudit(trx, {
          actorId: principal.id,
          kind: 'post.confirmationReminder',
          subjectType: 'post',
          subjectId: id,
          subjectLabel: row.title,
          changes: { recipients: { before: null, after: count } },
        });
        return count;
      });
      return { queued };
    },

    /**
     * In the save's transaction (issue 37): a circular that asks for confirmation tells each member it asks and
     * who has not confirmed its current version, once per version, in the notification centre; a scheduled one
     * from its publication on.
     */
    async noticePending(trx: Executor, post: BlogPostRow, now: Date): Promise<void> {
      const number = circularNumberOf(post);
      if (!number || !post.confirmationRequired) return;
      const pending = await repo.pendingOf(trx, post.id, post.circularVersion);
      const until = post.confirmBy ? ` bis zum ${berlinDate.format(berlinDayStart(post.confirmBy))}` : '';
      await notify(
        trx,
        pending.map((member) => ({
          recipientId: member.id,
          kind: 'circular',
          actorId: null,
          text: `Bitte bestätigen Sie${until} das ${circularLabel(number)}: „${post.title}“.`,
          link: APP_PATHS.post(post.id),
          key: noticeKey(post.id, post.circularVersion),
          at: post.publishedAt > now ? post.publishedAt : now,
        })),
      );
    },

    /** In the deletion's transaction: the circular's requests to confirm go with it. */
    withdrawNotices: (trx: Executor, postId: number) => withdrawNotices(trx, `circular:${postId}:`),

    /** The ids of the published circulars the member is asked to confirm and has not: 'Zu bestätigen'. */
    async toConfirmIds(principal: Principal, now: Date): Promise<number[]> {
      if (principal.groupIds.length === 0 || principal.disabled) return [];
      const readers = postReaders(principal, now, { publishedOnly: true });
      const rows = await repo
        .unconfirmedIds(principal.id)
        .where('blogPosts.circularNumber', 'is not', null)
        .where((eb) =>
          eb.and([
            readers.where({ id: eb.ref('blogPosts.id'), publishedAt: eb.ref('blogPosts.publishedAt') }) ??
              eb.and([]),
            eb.exists(
              eb
                .selectFrom('blogPostGroups as g')
                .select(eb.lit(1).as('one'))
                .whereRef('g.blogPostId', '=', 'blogPosts.id')
                .where('g.groupId', 'in', principal.groupIds),
            ),
          ]),
        )
        .orderBy('blogPosts.confirmBy')
        .orderBy('blogPosts.publishedAt', 'desc')
        .limit(50)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * The reminder job's run (decision 0162): for each circular whose 'Bestätigen bis' is within
     * CONFIRMATION_REMINDER_DAYS_BEFORE days, the 'before' reminder (from that many days before, when the
     * circular was published before then) and on the day the 'due' one, each claimed per member.
     */
    async runReminders(now: Date): Promise<ReminderRunResult> {
      const today = berlinDay(now);
      let queued = 0;
      const due = await repo.dueCirculars(today, dayPlus(today, CONFIRMATION_REMINDER_DAYS_BEFORE), now);
      for (const post of due) {
        if (!post.confirmBy) continue;
        const beforeFrom = berlinDayStart(post.confirmBy, -CONFIRMATION_REMINDER_DAYS_BEFORE);
        const kind: ReminderKind | undefined =
          post.confirmBy === today ? 'due' : post.publishedAt < beforeFrom ? 'before' : undefined;
        if (!kind) continue;
        queued += await db
          .transaction()
          .execute((trx) => queueReminders(trx, { ...post, title: post.title }, kind, now));
      }
      return { queued };
    },
  };
}
