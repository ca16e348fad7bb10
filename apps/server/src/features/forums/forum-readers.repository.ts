import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { forumBaseline } from './forum-baseline.ts';

/**
 * A member as the unread markers see them: a post counts as unread only when someone else wrote it after the
 * member's baseline (users.forum_read_from, else the moment they joined) and after the newest post they read.
 */
export interface ForumReader {
  userId: number;
  baseline: Date;
}

/** A post of the thread: the newest one read, or the one just written. */
export interface PostMark {
  id: number;
  at: Date;
}

type WithReaders = ExpressionBuilder<DB, 'forumThreads' | 'forumThreadReaders'>;

/**
 * The unread rule for one post (`forumPosts`) of the reader (decision 0080): by someone else, newer than their
 * read marker (`forumThreadReaders`, their row, left-joined) and written after their baseline. The digest's
 * forum section (forum-digest.ts) applies it too.
 */
export function isUnreadPost(
  eb: ExpressionBuilder<DB, 'forumPosts' | 'forumThreadReaders'>,
  reader: ForumReader,
) {
  return eb.and([
    eb('forumPosts.id', '>', eb.fn.coalesce('forumThreadReaders.readPostId', sql.lit(0))),
    eb.or([eb('forumPosts.authorId', 'is', null), eb('forumPosts.authorId', '<>', reader.userId)]),
    eb('forumPosts.createdAt', '>', reader.baseline),
  ]);
}

/**
 * The posts of the outer query's thread (`forumThreads`) that the reader has not seen; `forumThreadReaders` is
 * the reader's row, left-joined. Walks the index forum_posts(thread_id, id) from the read marker on.
 */
function unreadPosts(eb: WithReaders, reader: ForumReader) {
  return eb
    .selectFrom('forumPosts')
    .whereRef('forumPosts.threadId', '=', 'forumThreads.id')
    .where((inner) => isUnreadPost(inner, reader));
}

/**
 * The outer query's thread (`forumThreads`, with the reader's `forumThreadReaders` row left-joined) has a post
 * newer than the reader's baseline and read marker: narrows the threads down cheaply (by last_post_at,
 * indexed) before their posts are looked at. The digest's forum section applies it too.
 */
export function hasNewerPosts(eb: WithReaders, reader: ForumReader) {
  return eb.and([
    eb('forumThreads.lastPostAt', '>', reader.baseline),
    eb(
      'forumThreads.lastPostAt',
      '>',
      eb.fn.coalesce('forumThreadReaders.readPostAt', eb.val(reader.baseline)),
    ),
  ]);
}

/** The outer query's thread holds posts the reader has not seen. */
function isUnread(eb: WithReaders, reader: ForumReader) {
  return eb.and([hasNewerPosts(eb, reader), eb.exists(unreadPosts(eb, reader).select('forumPosts.id'))]);
}

/** Follows and read markers of forum threads (forum_thread_readers), and the counts of unread posts. */
export function createForumReadersRepository(db: Kysely<DB>) {
  /** The threads, each with the reader's row left-joined. */
  const threadsFor = (reader: ForumReader) =>
    db
      .selectFrom('forumThreads')
      .leftJoin('forumThreadReaders', (join) =>
        join
          .onRef('forumThreadReaders.threadId', '=', 'forumThreads.id')
          .on('forumThreadReaders.userId', '=', reader.userId),
      );

  return {
    async reader(userId: number): Promise<ForumReader> {
      const row = await db
        .selectFrom('users')
        .select(['forumReadFrom', 'createdAt'])
        .where('id', '=', userId)
        .executeTakeFirst();
      return { userId, baseline: row ? forumBaseline(row) : new Date(0) };
    },

    /** Unread posts per thread of `threadIds` (threads without any are left out). */
    async unreadCounts(reader: ForumReader, threadIds: readonly number[]): Promise<Map<number, number>> {
      if (threadIds.length === 0) return new Map();
      const rows = await threadsFor(reader)
        .select('forumThreads.id')
        .select((eb) => unreadPosts(eb, reader).select(eb.fn.countAll<number>().as('n')).as('unread'))
        .where('forumThreads.id', 'in', threadIds)
        .execute();
      return new Map(rows.map((row) => [row.id, row.unread ?? 0]));
    },

    /**
     * Threads with unread posts per forum (one forum or all): counted forum by forum, each through the index
     * forum_threads(forum_id, last_post_at).
     */
    async unreadThreadsByForum(reader: ForumReader, forumId?: number): Promise<Map<number, number>> {
      let query = db.selectFrom('forums').select((eb) => [
        'forums.id',
        eb
          .selectFrom('forumThreads')
          .leftJoin('forumThreadReaders', (join) =>
            join
              .onRef('forumThreadReaders.threadId', '=', 'forumThreads.id')
              .on('forumThreadReaders.userId', '=', reader.userId),
          )
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('forumThreads.forumId', '=', 'forums.id')
          .where((inner) => isUnread(inner, reader))
          .as('unread'),
      ]);
      if (forumId !== undefined) query = query.where('forums.id', '=', forumId);
      const rows = await query.execute();
      return new Map(rows.map((row) => [row.id, row.unread ?? 0]));
    },

    /** 'Neu im Forum': the number of threads with posts the reader has not seen. */
    async unreadThreadCount(reader: ForumReader): Promise<number> {
      const row = await threadsFor(reader)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where((eb) => isUnread(eb, reader))
        .executeTakeFirst();
      return row?.n ?? 0;
    },

    /** How many posts of the thread the reader has not seen, and the first of them. */
    async unreadIn(
      threadId: number,
      reader: ForumReader,
      readPostId: number | null,
    ): Promise<{ count: number; firstId: number | null }> {
      const row = await db
        .selectFrom('forumPosts')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('forumPosts.id').as('first')])
        .where('threadId', '=', threadId)
        .where('id', '>', readPostId ?? 0)
        .where((eb) => eb.or([eb('authorId', 'is', null), eb('authorId', '<>', reader.userId)]))
        .where('createdAt', '>', reader.baseline)
        .executeTakeFirst();
      return { count: row?.n ?? 0, firstId: row?.first ?? null };
    },

    /** The 0-based position of the post in its thread, in the order the thread shows its posts; null when the thread has no such post. */
    async positionOf(threadId: number, postId: number): Promise<number | null> {
      const post = await db
        .selectFrom('forumPosts')
        .select('createdAt')
        .where('id', '=', postId)
        .where('threadId', '=', threadId)
        .executeTakeFirst();
      if (!post) return null;
      const at = post.createdAt;
      const row = await db
        .selectFrom('forumPosts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('threadId', '=', threadId)
        .where((eb) =>
          eb.or([eb('createdAt', '<', at), eb.and([eb('createdAt', '=', at), eb('id', '<', postId)])]),
        )
        .executeTakeFirst();
      return row?.n ?? 0;
    },

    /**
     * The member has seen the thread up to `post` (the marker never goes back). A pending reply mail's guard
     * is lifted unless that mail was about a post newer than `post`.
     */
    async markRead(executor: Executor, threadId: number, userId: number, post: PostMark): Promise<void> {
      await executor
        .insertInto('forumThreadReaders')
        .values({ threadId, userId, readPostId: post.id, readPostAt: post.at, mailedAt: null })
        .onConflict((oc) => oc.columns(['threadId', 'userId']).doUpdateSet((eb) => markReadSet(eb, post)))
        .execute();
    },

    /**
     * The member wrote `post`: they have read the thread up to it, and follow it unless they chose otherwise
     * with the follow button.
     */
    async wrote(executor: Executor, threadId: number, userId: number, post: PostMark): Promise<void> {
      await executor
        .insertInto('forumThreadReaders')
        .values({
          threadId,
          userId,
          following: true,
          readPostId: post.id,
          readPostAt: post.at,
          mailedAt: null,
        })
        .onConflict((oc) =>
          oc.columns(['threadId', 'userId']).doUpdateSet((eb) => ({
            ...markReadSet(eb, post),
            following: eb
              .case()
              .when('forumThreadReaders.followChosen', '=', true)
              .then(eb.ref('forumThreadReaders.following'))
              .else(true)
              .end(),
          })),
        )
        .execute();
    },

    /** The follow button: the member's choice, which writing a post no longer changes. */
    async follow(executor: Executor, threadId: number, userId: number, following: boolean): Promise<void> {
      await executor
        .insertInto('forumThreadReaders')
        .values({ threadId, userId, following, followChosen: true })
        .onConflict((oc) => oc.columns(['threadId', 'userId']).doUpdateSet({ following, followChosen: true }))
        .execute();
    },

    /** The read markers and follows of the threads in scope, before the threads themselves go. */
    async deleteOf(executor: Executor, scope: { threadId: number } | { forumId: number }): Promise<void> {
      const query = executor.deleteFrom('forumThreadReaders');
      if ('threadId' in scope) {
        await query.where('threadId', '=', scope.threadId).execute();
        return;
      }
      await query
        .where(
          'threadId',
          'in',
          executor.selectFrom('forumThreads').select('forumThreads.id').where('forumId', '=', scope.forumId),
        )
        .execute();
    },
  };
}

/** The read marker moves forward to `post`; the mail guard is lifted unless the mail was about a newer post. */
function markReadSet(eb: ExpressionBuilder<DB, 'forumThreadReaders'>, post: PostMark) {
  const advances = eb.or([
    eb('forumThreadReaders.readPostId', 'is', null),
    eb('forumThreadReaders.readPostId', '<', post.id),
  ]);
  return {
    readPostId: eb.case().when(advances).then(post.id).else(eb.ref('forumThreadReaders.readPostId')).end(),
    readPostAt: eb
      .case()
      .when(advances)
      .then(post.at)
      .else(eb.ref('forumThreadReaders.readPostAt'))
      .end()
      .$castTo<Date>(),
    mailedAt: eb
      .case()
      .when('forumThreadReaders.mailedAt', '>', post.at)
      .then(eb.ref('forumThreadReaders.mailedAt'))
      .else(null)
      .end()
      .$castTo<Date | null>(),
  };
}
