import type { Kysely, Selectable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB, ForumPostMediaTable } from '../../platform/db/schema.ts';

export interface PostRow {
  id: number;
  threadId: number;
  content: string;
  isFirst: boolean;
  createdAt: Date;
  /** a reply its author deleted (issue 37): shown in place as 'Beitrag gelöscht' */
  deletedAt: Date | null;
  authorName: string | null;
  authorUserId: number | null;
  authorFirstName: string | null;
  authorLastName: string | null;
  authorPhotoKey: string | null;
}
export type MediaRow = Selectable<ForumPostMediaTable>;

/** An attachment to insert with its post (the post's id and the time are added then). */
export type NewMedia = Pick<
  MediaRow,
  'position' | 'storageKey' | 'thumbnailKey' | 'originalFilename' | 'mimeType' | 'size'
>;

export interface NewPost {
  threadId: number;
  authorId: number | null;
  content: string;
  isFirst: boolean;
  createdAt: Date;
}

/** One post, the posts of one thread, or those of all threads of one forum. */
export type PostScope = { postId: number } | { threadId: number } | { forumId: number };

/** Queries of posts and their attachments. */
export function createForumPostsRepository(db: Kysely<DB>) {
  const posts = (executor: Executor) =>
    executor
      .selectFrom('forumPosts')
      .leftJoin('users', 'users.id', 'forumPosts.authorId')
      .select([
        'forumPosts.id',
        'forumPosts.threadId',
        'forumPosts.content',
        'forumPosts.isFirst',
        'forumPosts.createdAt',
        'forumPosts.deletedAt',
        'users.username as authorName',
        'users.id as authorUserId',
        'users.firstName as authorFirstName',
        'users.lastName as authorLastName',
        'users.photoKey as authorPhotoKey',
      ]);

  /** The ids of the posts in scope: one post, the posts of one thread, or those of one forum's threads. */
  const postIds = (executor: Executor, scope: PostScope) => {
    const query = executor.selectFrom('forumPosts').select('forumPosts.id');
    if ('postId' in scope) return query.where('forumPosts.id', '=', scope.postId);
    if ('threadId' in scope) return query.where('forumPosts.threadId', '=', scope.threadId);
    return query.where(
      'forumPosts.threadId',
      'in',
      executor
        .selectFrom('forumThreads')
        .select('forumThreads.id')
        .where('forumThreads.forumId', '=', scope.forumId),
    );
  };

  /** Deletes the posts in scope and their attachments; returns the storage keys (files, thumbnails) they held. */
  async function deletePosts(executor: Executor, scope: PostScope): Promise<string[]> {
    const media = await executor
      .selectFrom('forumPostMedia')
      .select(['storageKey', 'thumbnailKey'])
      .where('postId', 'in', postIds(executor, scope))
      .execute();
    await executor.deleteFrom('forumPostMedia').where('postId', 'in', postIds(executor, scope)).execute();
    await executor.deleteFrom('forumPosts').where('id', 'in', postIds(executor, scope)).execute();
    return media.flatMap((row) => (row.thumbnailKey ? [row.storageKey, row.thumbnailKey] : [row.storageKey]));
  }

  return {
    /**
     * Posts offset … offset+limit-1 of the thread, oldest first, of its `postCount` posts (the kept count of
     * forum_threads). The page's ids come from an index-only walk of forum_posts_thread_idx from the nearer
     * end of the thread: the first and the last page are seeks, a page in the middle walks at most half of
     * the thread's index entries, and only the page's own posts are read with their authors. (One query over
     * the posts with OFFSET made PostgreSQL read and sort the whole thread once it held most of the table.)
     */
    listPosts(threadId: number, offset: number, limit: number, postCount: number): Promise<PostRow[]> {
      const size = Math.min(limit, postCount - offset);
      if (size <= 0) return Promise.resolve([]);
      // the thread's posts after the page
      const after = postCount - offset - size;
      const fromEnd = after < offset;
      const direction = fromEnd ? 'desc' : 'asc';
      const ids = db
        .selectFrom('forumPosts')
        .select('forumPosts.id')
        .where('forumPosts.threadId', '=', threadId)
        .orderBy('forumPosts.createdAt', direction)
        .orderBy('forumPosts.id', direction)
        .limit(size)
        .offset(fromEnd ? after : offset);
      return posts(db)
        .where('forumPosts.id', 'in', ids)
        .orderBy('forumPosts.createdAt', 'asc')
        .orderBy('forumPosts.id', 'asc')
        .execute();
    },

    findPosts(executor: Executor, ids: readonly number[]): Promise<PostRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return posts(executor).where('forumPosts.id', 'in', ids).execute();
    },

    async insertPost(executor: Executor, values: NewPost, media: readonly NewMedia[]): Promise<number> {
      const row = await executor
        .insertInto('forumPosts')
        .values({ ...values, updatedAt: values.createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (media.length > 0) {
        await executor
          .insertInto('forumPostMedia')
          .values(
            media.map((file) => ({
              postId: row.id,
              position: file.position,
              storageKey: file.storageKey,
              thumbnailKey: file.thumbnailKey,
              originalFilename: file.originalFilename,
              mimeType: file.mimeType,
              size: file.size,
              createdAt: values.createdAt,
            })),
          )
          .execute();
      }
      return row.id;
    },

    /** Many posts at once, without attachments (benchmarks and tests); the thread's counters are not touched. */
    async insertPosts(executor: Executor, values: readonly NewPost[]): Promise<void> {
      for (let start = 0; start < values.length; start += 500) {
        await executor
          .insertInto('forumPosts')
          .values(values.slice(start, start + 500).map((post) => ({ ...post, updatedAt: post.createdAt })))
          .execute();
      }
    },

    deletePosts,

    async mediaOf(postIds: readonly number[]): Promise<Map<number, MediaRow[]>> {
      const result = new Map<number, MediaRow[]>();
      if (postIds.length === 0) return result;
      const rows = await db
        .selectFrom('forumPostMedia')
        .selectAll()
        .where('postId', 'in', postIds)
        .orderBy('postId')
        .orderBy('position')
        .execute();
      for (const row of rows) result.set(row.postId, [...(result.get(row.postId) ?? []), row]);
      return result;
    },
  };
}
