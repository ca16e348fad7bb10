import { type Kysely, type Selectable, sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB, ForumsTable, ForumThreadsTable } from '../../platform/db/schema.ts';
import { createForumPostsRepository } from './forum-posts.repository.ts';
import { createForumReadersRepository } from './forum-readers.repository.ts';

export type ForumRow = Selectable<ForumsTable>;
export interface ForumStatsRow extends ForumRow {
  threadCount: number;
  postCount: number;
  lastActivity: Date | null;
}
/** An author's columns beside a post's or thread's (issue 36 point 6): names and the photo's storage key. */
export interface AuthorColumns {
  authorName: string | null;
  authorUserId: number | null;
  authorFirstName: string | null;
  authorLastName: string | null;
  authorPhotoKey: string | null;
}
export type ThreadRow = Selectable<ForumThreadsTable> & AuthorColumns;
/** A thread as a member's visit reads it (findThreadForVisit). */
export interface ThreadVisitRow extends ThreadRow {
  forumName: string;
  memberForumReadFrom: Date | null;
  memberCreatedAt: Date;
  /** null: the member has no row of the thread yet */
  readerId: number | null;
  readerFollowing: boolean | null;
  readerReadPostId: number | null;
  readerMailedAt: Date | null;
  /** null: the thread has no posts */
  newestId: number | null;
  newestAt: Date | null;
}
/**
 * Queries of forums and threads; posts and attachments are in forum-posts.repository.ts. Writers lock the forum
 * or thread row first (see forums.service.ts).
 */
export function createForumsRepository(db: Kysely<DB>) {
  const threads = (executor: Executor) =>
    executor
      .selectFrom('forumThreads')
      .leftJoin('users', 'users.id', 'forumThreads.authorId')
      .selectAll('forumThreads')
      .select([
        'users.username as authorName',
        'users.id as authorUserId',
        'users.firstName as authorFirstName',
        'users.lastName as authorLastName',
        'users.photoKey as authorPhotoKey',
      ]);

  const posts = createForumPostsRepository(db);
  const readers = createForumReadersRepository(db);

  return {
    /** Every forum with its number of threads and posts and the time of its newest post. */
    listForums(filter: { id?: number } = {}): Promise<ForumStatsRow[]> {
      let query = db
        .selectFrom('forums')
        .leftJoin('forumThreads', 'forumThreads.forumId', 'forums.id')
        .selectAll('forums')
        .select((eb) => [
          eb.fn.count<number>('forumThreads.id').as('threadCount'),
          eb.fn.coalesce(eb.fn.sum<number>('forumThreads.postCount'), sql.lit(0)).as('postCount'),
          eb.fn.max('forumThreads.lastPostAt').as('lastActivity'),
        ])
        .groupBy('forums.id');
      if (filter.id !== undefined) query = query.where('forums.id', '=', filter.id);
      return query.execute() as Promise<ForumStatsRow[]>;
    },

    findForum(executor: Executor, id: number): Promise<ForumRow | undefined> {
      return executor.selectFrom('forums').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insertForum(executor: Executor, values: { name: string; description: string }): Promise<number> {
      const now = new Date();
      const row = await executor
        .insertInto('forums')
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Updates the forum; false when there is none. */
    async updateForum(
      executor: Executor,
      id: number,
      values: { name: string; description: string },
    ): Promise<boolean> {
      const result = await executor
        .updateTable('forums')
        .set({ ...values, updatedAt: new Date() })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Locks the forum row for the rest of the transaction (PostgreSQL; SQLite has one writer anyway), so that
     * no thread is added while the forum is deleted. False when the forum does not exist.
     */
    async lockForum(executor: Executor, id: number): Promise<boolean> {
      const result = await executor
        .updateTable('forums')
        .set((eb) => ({ name: eb.ref('name') }))
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Deletes the forum with its threads, posts, attachments and read markers; returns the storage keys they held. */
    async deleteForum(executor: Executor, id: number): Promise<string[]> {
      // Lock the threads too: a reply being written to one of them finishes first, its files included.
      await executor
        .updateTable('forumThreads')
        .set((eb) => ({ postCount: eb.ref('postCount') }))
        .where('forumId', '=', id)
        .execute();
      const keys = await posts.deletePosts(executor, { forumId: id });
      await readers.deleteOf(executor, { forumId: id });
      await executor.deleteFrom('forumThreads').where('forumId', '=', id).execute();
      await executor.deleteFrom('forums').where('id', '=', id).execute();
      return keys;
    },

    async threadIdsOf(executor: Executor, forumId: number): Promise<number[]> {
      const rows = await executor
        .selectFrom('forumThreads')
        .select('id')
        .where('forumId', '=', forumId)
        .execute();
      return rows.map((row) => row.id);
    },

    /** A page of the forum's threads, newest activity first, with the id of each thread's newest post. */
    listThreads(
      forumId: number,
      offset: number,
      limit: number,
    ): Promise<(ThreadRow & { lastPostId: number | null })[]> {
      return threads(db)
        .select((eb) =>
          eb
            .selectFrom('forumPosts')
            .select('forumPosts.id')
            .whereRef('forumPosts.threadId', '=', 'forumThreads.id')
            .orderBy('forumPosts.createdAt', 'desc')
            .orderBy('forumPosts.id', 'desc')
            .limit(1)
            .as('lastPostId'),
        )
        .where('forumThreads.forumId', '=', forumId)
        .orderBy('forumThreads.lastPostAt', 'desc')
        .orderBy('forumThreads.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
    },

    findThread(executor: Executor, id: number): Promise<ThreadRow | undefined> {
      return threads(executor).where('forumThreads.id', '=', id).executeTakeFirst();
    },

    /**
     * What a member's visit of a thread reads, in one query (every visit reads it): the thread with its forum's
     * name, the member's forum baseline columns and row of the thread, and the thread's newest post. Written as
     * SQL: built with the query builder, this one query cost more than the rest of the request.
     */
    async findThreadForVisit(id: number, userId: number): Promise<ThreadVisitRow | undefined> {
      const { rows } = await sql<ThreadVisitRow>`
        select t.*, a.username as author_name, a.id as author_user_id, a.first_name as author_first_name,
          a.last_name as author_last_name, a.photo_key as author_photo_key, f.name as forum_name,
          m.forum_read_from as member_forum_read_from, m.created_at as member_created_at,
          r.user_id as reader_id, r.following as reader_following, r.read_post_id as reader_read_post_id,
          r.mailed_at as reader_mailed_at,
          (select n.id from forum_posts n where n.thread_id = t.id order by n.id desc limit 1) as newest_id,
          (select n.created_at from forum_posts n where n.thread_id = t.id order by n.id desc limit 1) as newest_at
        from forum_threads t
        join forums f on f.id = t.forum_id
        join users m on m.id = ${userId}
        left join users a on a.id = t.author_id
        left join forum_thread_readers r on r.thread_id = t.id and r.user_id = ${userId}
        where t.id = ${id}`.execute(db);
      return rows[0];
    },

    async insertThread(
      executor: Executor,
      values: { forumId: number; name: string; authorId: number | null; createdAt: Date },
    ): Promise<number> {
      const row = await executor
        .insertInto('forumThreads')
        .values({
          ...values,
          // the first post, written in the same transaction
          postCount: 1,
          lastPostAt: values.createdAt,
          updatedAt: values.createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Counts `added` posts (newest at `at`) into the thread and locks its row for the rest of the
     * transaction. False when the thread does not exist (any more).
     */
    async addToThread(executor: Executor, id: number, added: number, at: Date): Promise<boolean> {
      const result = await executor
        .updateTable('forumThreads')
        .set((eb) => ({
          postCount: eb('postCount', '+', added),
          lastPostAt: eb
            .case()
            .when('lastPostAt', '<', at)
            .then(at)
            .else(eb.ref('lastPostAt'))
            .end()
            .$castTo<Date>(),
        }))
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** After a post was deleted: one post fewer, and the newest remaining post's time. */
    async recountThread(executor: Executor, id: number): Promise<void> {
      await executor
        .updateTable('forumThreads')
        .set((eb) => ({
          postCount: eb
            .selectFrom('forumPosts')
            .select(eb.fn.countAll<number>().as('n'))
            .where('threadId', '=', id),
          lastPostAt: eb
            .selectFrom('forumPosts')
            .select((inner) => inner.fn.max('createdAt').as('latest'))
            .where('threadId', '=', id)
            .$castTo<{ latest: Date }>(),
        }))
        .where('id', '=', id)
        .execute();
    },

    /** Locks the thread row (see addToThread); false when it does not exist. */
    async lockThread(executor: Executor, id: number): Promise<boolean> {
      const result = await executor
        .updateTable('forumThreads')
        .set((eb) => ({ postCount: eb.ref('postCount') }))
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Deletes the thread with its posts, attachments and read markers; returns the storage keys they held. */
    async deleteThread(executor: Executor, id: number): Promise<string[]> {
      const keys = await posts.deletePosts(executor, { threadId: id });
      await readers.deleteOf(executor, { threadId: id });
      await executor.deleteFrom('forumThreads').where('id', '=', id).execute();
      return keys;
    },
  };
}
