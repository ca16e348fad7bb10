/**
 * Every query of the digest. What a member may see is decided as the lists decide it (and as
 * features/search/search-visibility.ts spells out per type): news posts by group (platform/auth/visibility.ts),
 * content pages through the categories the caller found visible; events and forums are for ROLE_USER, which
 * the caller checks. Each section query gives at most `limit` rows and, through a window count, the total.
 */
import { type Kysely, sql } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import { visibleTo } from '../../platform/auth/visibility.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { type DB, toDate } from '../../platform/db/schema.ts';
import { forumBaseline } from '../forums/index.ts';

/** (start, end]: what became new after the previous digest, up to this one. */
export interface DigestWindow {
  start: Date;
  end: Date;
}

export interface DueMember {
  id: number;
  username: string;
  email: string;
  /** null: no settings row yet (the defaults: daily, version 0) */
  digest: string | null;
  digestUntil: Date | null;
  /** posts before this moment never count as unread (forumBaseline of the forums feature) */
  forumBaseline: Date;
}

export interface Section<Row> {
  rows: Row[];
  total: number;
}

const total = sql<number>`count(*) over ()`.as('total');

function section<Row extends { total: number | string }, Out>(
  rows: readonly Row[],
  map: (row: Row) => Out,
): Section<Out> {
  return { rows: rows.map(map), total: Number(rows[0]?.total ?? 0) };
}

export function createDigestRepository(db: Kysely<DB>) {
  return {
    /**
     * Members whose digest is due, by id after `afterId`: not 'never', not disabled, with an address, and no
     * digest since the latest slot of their period.
     */
    async dueMembers(
      slots: { daily: Date; weekly: Date },
      afterId: number,
      limit: number,
    ): Promise<DueMember[]> {
      const rows = await db
        .selectFrom('users')
        .leftJoin('notificationSettings as ns', 'ns.userId', 'users.id')
        .select([
          'users.id',
          'users.username',
          'users.email',
          'users.createdAt',
          'users.forumReadFrom',
          'ns.digest',
          'ns.digestUntil',
        ])
        .where('users.id', '>', afterId)
        .where('users.disabled', '=', false)
        .where('users.email', 'is not', null)
        .where('users.email', '!=', '')
        .where((eb) => {
          const before = (slot: Date) =>
            eb.or([eb('ns.digestUntil', 'is', null), eb('ns.digestUntil', '<', slot)]);
          return eb.or([
            eb.and([
              eb.or([eb('ns.digest', 'is', null), eb('ns.digest', '=', 'daily')]),
              before(slots.daily),
            ]),
            eb.and([eb('ns.digest', '=', 'weekly'), before(slots.weekly)]),
          ]);
        })
        .orderBy('users.id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        username: row.username,
        email: row.email ?? '',
        digest: row.digest,
        digestUntil: row.digestUntil === null ? null : toDate(row.digestUntil),
        forumBaseline: forumBaseline(row),
      }));
    },

    /**
     * News posts that became visible in the window (written or published in it, published by its end), by the
     * blog list's group rule; not the member's own, not those mailed as breaking news (they cannot be sent
     * before their publication, so a breaking news at all means: in the window).
     */
    async posts(principal: Principal, window: DigestWindow, limit: number) {
      const rows = await db
        .selectFrom('blogPosts')
        .select(['blogPosts.id', 'blogPosts.title', 'blogPosts.publishedAt', total])
        .where('blogPosts.publishedAt', '<=', window.end)
        .where('blogPosts.createdAt', '<=', window.end)
        .where((eb) =>
          eb.or([
            eb('blogPosts.publishedAt', '>', window.start),
            eb('blogPosts.createdAt', '>', window.start),
          ]),
        )
        .where((eb) =>
          eb.or([
            eb('blogPosts.breakingNewsAt', 'is', null),
            eb('blogPosts.breakingNewsAt', '>', window.end),
          ]),
        )
        .where((eb) =>
          eb.or([eb('blogPosts.authorId', 'is', null), eb('blogPosts.authorId', '!=', principal.id)]),
        )
        .where(visibleTo(principal, { table: 'blogPostGroups', column: 'blogPostId', ref: 'blogPosts.id' }))
        .orderBy('blogPosts.publishedAt', 'desc')
        .orderBy('blogPosts.id', 'desc')
        .limit(limit)
        .execute();
      return section(rows, (row) => ({ id: row.id, title: row.title, publishedAt: toDate(row.publishedAt) }));
    },

    /** Events created in the window and not over at its end, the soonest first. */
    async events(window: DigestWindow, limit: number) {
      const rows = await db
        .selectFrom('events')
        .select(['events.id', 'events.name', 'events.startAt', total])
        .where('events.createdAt', '>', window.start)
        .where('events.createdAt', '<=', window.end)
        .where('events.endAt', '>=', window.end)
        .orderBy('events.startAt')
        .orderBy('events.id')
        .limit(limit)
        .execute();
      return section(rows, (row) => ({ id: row.id, name: row.name, startAt: toDate(row.startAt) }));
    },

    /**
     * Threads with posts by others in the window that the member has not read, written after their forum
     * baseline; not the threads a reply mail went out for in the window (forum_thread_readers.mailed_at).
     */
    async threads(member: Pick<DueMember, 'id' | 'forumBaseline'>, window: DigestWindow, limit: number) {
      const rows = await db
        .selectFrom('forumThreads as t')
        .innerJoin('forums as f', 'f.id', 't.forumId')
        .innerJoin('forumPosts as p', 'p.threadId', 't.id')
        .leftJoin('forumThreadReaders as r', (join) =>
          join.onRef('r.threadId', '=', 't.id').on('r.userId', '=', member.id),
        )
        .select((eb) => [
          't.id',
          't.name',
          't.forumId',
          'f.name as forumName',
          eb.fn.count<number>('p.id').as('posts'),
          eb.fn.max('p.createdAt').as('latest'),
          total,
        ])
        .where('t.lastPostAt', '>', window.start)
        .where('p.createdAt', '>', window.start)
        .where('p.createdAt', '<=', window.end)
        .where('p.createdAt', '>', member.forumBaseline)
        .where((eb) => eb.or([eb('p.authorId', 'is', null), eb('p.authorId', '!=', member.id)]))
        .where((eb) => eb('p.id', '>', eb.fn.coalesce('r.readPostId', sql<number>`0`)))
        .where((eb) =>
          eb.or([eb('r.readPostAt', 'is', null), eb('r.readPostAt', '<', eb.ref('t.lastPostAt'))]),
        )
        .where((eb) => eb.or([eb('r.mailedAt', 'is', null), eb('r.mailedAt', '<=', window.start)]))
        .groupBy(['t.id', 't.name', 't.forumId', 'f.name'])
        .orderBy('latest', 'desc')
        .orderBy('t.id', 'desc')
        .limit(limit)
        .execute();
      return section(rows, (row) => ({
        id: row.id,
        name: row.name,
        forumId: row.forumId,
        forumName: row.forumName,
        posts: Number(row.posts),
      }));
    },

    /** Content items changed in the window and filed under one of `categories`; linked through the first. */
    async pages(categories: readonly number[], window: DigestWindow, limit: number) {
      if (categories.length === 0) return { rows: [], total: 0 };
      const rows = await db
        .selectFrom('contentItems as i')
        .innerJoin('contentItemCategories as c', 'c.contentItemId', 'i.id')
        .select((eb) => [
          'i.id',
          'i.title',
          'i.updatedAt',
          eb.fn.min<number>('c.categoryId').as('categoryId'),
          total,
        ])
        .where('c.categoryId', 'in', categories)
        .where('i.updatedAt', '>', window.start)
        .where('i.updatedAt', '<=', window.end)
        .groupBy(['i.id', 'i.title', 'i.updatedAt'])
        .orderBy('i.updatedAt', 'desc')
        .orderBy('i.id', 'desc')
        .limit(limit)
        .execute();
      return section(rows, (row) => ({ id: row.id, title: row.title, categoryId: Number(row.categoryId) }));
    },

    /**
     * Moves the member's watermark from `previous` to `end`, creating the settings row when there is none.
     * The update is conditional on the old value, so of two runs at once only one gets the version back; the
     * other gets undefined and sends nothing. Also undefined when the member has just chosen 'never'.
     */
    async advance(
      trx: Executor,
      userId: number,
      previous: Date | null,
      end: Date,
    ): Promise<{ version: number } | undefined> {
      // A write first: on SQLite the transaction holds the write lock from here on, never upgrading later.
      await trx
        .insertInto('notificationSettings')
        .values({ userId, updatedAt: new Date() })
        .onConflict((conflict) => conflict.column('userId').doNothing())
        .execute();
      return trx
        .updateTable('notificationSettings')
        .set({ digestUntil: end })
        .where('userId', '=', userId)
        .where('digest', '!=', 'never')
        .where((eb) => (previous === null ? eb('digestUntil', 'is', null) : eb('digestUntil', '=', previous)))
        .returning('version')
        .executeTakeFirst();
    },
  };
}
