/**
 * The circulars' own tables (issue 34, migration 0030): the numbers per year, the versions' texts, the members'
 * confirmations and the claimed reminder mails.
 */
import type { Kysely } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';

/** The reminder mails a member gets at most (decision 0162). */
export type ReminderKind = 'before' | 'due';

export function createCircularsRepository(db: Kysely<DB>) {
  /** Enabled members in one of the post's groups: those who may see it and are asked to confirm it. */
  const audience = (executor: Executor, postId: number) =>
    executor
      .selectFrom('users')
      .where('users.disabled', '=', false)
      .where('users.erasedAt', 'is', null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('userGroupMembers as m')
            .innerJoin('blogPostGroups as g', 'g.groupId', 'm.groupId')
            .select(eb.lit(1).as('one'))
            .whereRef('m.userId', '=', 'users.id')
            .where('g.blogPostId', '=', postId),
        ),
      );

  return {
    /**
     * The next number of the year, in the save's transaction: one UPDATE of the year's row (made at its first
     * circular), so a second save waits for the first's row and a save that fails gives its number back.
     */
    async nextNumber(trx: Executor, year: number): Promise<number> {
      const row = await trx
        .insertInto('blogCircularCounters')
        .values({ year, lastNumber: 1 })
        .onConflict((oc) =>
          oc
            .column('year')
            .doUpdateSet((eb) => ({ lastNumber: eb('blogCircularCounters.lastNumber', '+', 1) })),
        )
        .returning('lastNumber')
        .executeTakeFirstOrThrow();
      return row.lastNumber;
    },

    async saveVersion(
      trx: Executor,
      postId: number,
      version: number,
      texts: { title: string; preText: string; content: string },
      now: Date,
    ): Promise<void> {
      await trx
        .insertInto('blogCircularVersions')
        .values({ blogPostId: postId, version, ...texts, createdAt: now })
        .onConflict((oc) => oc.columns(['blogPostId', 'version']).doUpdateSet({ ...texts, createdAt: now }))
        .execute();
    },

    version(executor: Executor, postId: number, version: number) {
      return executor
        .selectFrom('blogCircularVersions')
        .select(['title', 'preText', 'content'])
        .where('blogPostId', '=', postId)
        .where('version', '=', version)
        .executeTakeFirst();
    },

    /** Records the confirmation unless the member confirmed this version already; true when it is new. */
    async confirm(trx: Executor, postId: number, version: number, userId: number, at: Date) {
      const result = await trx
        .insertInto('blogConfirmations')
        .values({ blogPostId: postId, version, userId, confirmedAt: at })
        .onConflict((oc) => oc.columns(['blogPostId', 'version', 'userId']).doNothing())
        .returning('userId')
        .executeTakeFirst();
      return result !== undefined;
    },

    /** The member's latest confirmation of each of these posts (any version). */
    async latestOf(userId: number, postIds: readonly number[]) {
      const result = new Map<number, { version: number; confirmedAt: Date }>();
      if (postIds.length === 0) return result;
      const rows = await db
        .selectFrom('blogConfirmations')
        .select(['blogPostId', 'version', 'confirmedAt'])
        .where('userId', '=', userId)
        .where('blogPostId', 'in', postIds)
        .orderBy('version')
        .execute();
      for (const row of rows) result.set(row.blogPostId, row);
      return result;
    },

    /** Counts per post: the members who confirmed its current version and those still pending. */
    async counts(posts: readonly { id: number; circularVersion: number }[]) {
      const result = new Map<number, { confirmed: number; total: number }>();
      for (const post of posts) {
        const confirmed = await this.confirmedOf(db, post.id, post.circularVersion);
        const pending = await this.pendingOf(db, post.id, post.circularVersion);
        result.set(post.id, { confirmed: confirmed.length, total: confirmed.length + pending.length });
      }
      return result;
    },

    /** Who confirmed the version, with when; erased members too (renamed, decision 0086). */
    confirmedOf(executor: Executor, postId: number, version: number) {
      return executor
        .selectFrom('blogConfirmations as c')
        .innerJoin('users', 'users.id', 'c.userId')
        .select([
          'users.id',
          'users.username',
          'users.firstName',
          'users.lastName',
          'users.company',
          'users.email',
          'users.erasedAt',
          'c.confirmedAt',
        ])
        .where('c.blogPostId', '=', postId)
        .where('c.version', '=', version)
        .execute();
    },

    /** The enabled members who may see the post and have not confirmed the version. */
    pendingOf(executor: Executor, postId: number, version: number) {
      return audience(executor, postId)
        .select([
          'users.id',
          'users.username',
          'users.firstName',
          'users.lastName',
          'users.company',
          'users.email',
        ])
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('blogConfirmations as c')
                .select(eb.lit(1).as('one'))
                .whereRef('c.userId', '=', 'users.id')
                .where('c.blogPostId', '=', postId)
                .where('c.version', '=', version),
            ),
          ),
        )
        .orderBy('users.id')
        .execute();
    },

    /** Whether the member is one the post is meant for. */
    async inAudience(executor: Executor, postId: number, userId: number): Promise<boolean> {
      const row = await audience(executor, postId)
        .select('users.id')
        .where('users.id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Claims the reminder of this kind for the member and version: true once, whoever asks later (another
     * instance, a run after a restart) gets false. In the transaction that queues the mail.
     */
    async claimReminder(
      trx: Executor,
      key: { postId: number; version: number; userId: number; kind: ReminderKind },
      now: Date,
    ): Promise<boolean> {
      const result = await trx
        .insertInto('blogCircularReminders')
        .values({
          blogPostId: key.postId,
          version: key.version,
          userId: key.userId,
          kind: key.kind,
          queuedAt: now,
        })
        .onConflict((oc) => oc.columns(['blogPostId', 'version', 'userId', 'kind']).doNothing())
        .returning('userId')
        .executeTakeFirst();
      return result !== undefined;
    },

    /**
     * Notes the office's reminder now unless the previous one was less than `repeatHours` ago; false then. One
     * conditional UPDATE, as the breaking news' claim.
     */
    async claimOfficeReminder(executor: Executor, postId: number, now: Date, repeatHours: number) {
      const since = new Date(now.getTime() - repeatHours * 3_600_000);
      const result = await executor
        .updateTable('blogPosts')
        .set({ confirmationReminderAt: now })
        .where('id', '=', postId)
        .where((eb) =>
          eb.or([eb('confirmationReminderAt', 'is', null), eb('confirmationReminderAt', '<=', since)]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Circulars asking for confirmation whose 'Bestätigen bis' lies in [from, to], published by `now`. */
    dueCirculars(from: string, to: string, now: Date) {
      return db
        .selectFrom('blogPosts')
        .select([
          'id',
          'title',
          'preText',
          'circularYear',
          'circularNumber',
          'circularVersion',
          'confirmBy',
          'publishedAt',
        ])
        .where('confirmationRequired', '=', true)
        .where('confirmBy', '>=', from)
        .where('confirmBy', '<=', to)
        .where('publishedAt', '<=', now)
        .orderBy('id')
        .execute();
    },

    /** The circulars asking for confirmation that the member has not confirmed in their current version. */
    unconfirmedIds(userId: number) {
      return db
        .selectFrom('blogPosts')
        .select('blogPosts.id')
        .where('blogPosts.confirmationRequired', '=', true)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('blogConfirmations as c')
                .select(eb.lit(1).as('one'))
                .whereRef('c.blogPostId', '=', 'blogPosts.id')
                .whereRef('c.version', '=', 'blogPosts.circularVersion')
                .where('c.userId', '=', userId),
            ),
          ),
        );
    },
  };
}
