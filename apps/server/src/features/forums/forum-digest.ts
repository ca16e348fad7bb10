import type { Kysely } from 'kysely';
import { type NewsRows, type NewsWindow, newsRows, totalCount } from '../../platform/db/news-rows.ts';
import type { DB } from '../../platform/db/schema.ts';
import { type ForumReader, hasNewerPosts, isUnreadPost } from './forum-readers.repository.ts';

export interface ThreadWithNews {
  id: number;
  name: string;
  forumId: number;
  forumName: string;
  /** the thread's unread posts written in the window */
  posts: number;
}

/** What the forums contribute to the digest (features/notifications, issue 17). */
export function createForumDigestSource(db: Kysely<DB>) {
  return {
    /**
     * Threads with posts written in the window that are unread to the reader by the forum's unread rule
     * (forum-readers.repository.ts), the latest such post first; not the threads a reply mail went out for in
     * the window (forum_thread_readers.mailed_at).
     */
    async threadsWithNews(
      reader: ForumReader,
      window: NewsWindow,
      limit: number,
    ): Promise<NewsRows<ThreadWithNews>> {
      const rows = await db
        .selectFrom('forumThreads')
        .innerJoin('forums', 'forums.id', 'forumThreads.forumId')
        .innerJoin('forumPosts', 'forumPosts.threadId', 'forumThreads.id')
        .leftJoin('forumThreadReaders', (join) =>
          join
            .onRef('forumThreadReaders.threadId', '=', 'forumThreads.id')
            .on('forumThreadReaders.userId', '=', reader.userId),
        )
        .select((eb) => [
          'forumThreads.id',
          'forumThreads.name',
          'forumThreads.forumId',
          'forums.name as forumName',
          eb.fn.count<number>('forumPosts.id').as('posts'),
          eb.fn.max('forumPosts.createdAt').as('latest'),
          totalCount,
        ])
        .where('forumThreads.lastPostAt', '>', window.start)
        .where('forumPosts.createdAt', '>', window.start)
        .where('forumPosts.createdAt', '<=', window.end)
        .where((eb) => isUnreadPost(eb, reader))
        .where((eb) => hasNewerPosts(eb, reader))
        .where((eb) =>
          eb.or([
            eb('forumThreadReaders.mailedAt', 'is', null),
            eb('forumThreadReaders.mailedAt', '<=', window.start),
          ]),
        )
        .groupBy(['forumThreads.id', 'forumThreads.name', 'forumThreads.forumId', 'forums.name'])
        .orderBy('latest', 'desc')
        .orderBy('forumThreads.id', 'desc')
        .limit(limit)
        .execute();
      return newsRows(rows, (row) => ({
        id: row.id,
        name: row.name,
        forumId: row.forumId,
        forumName: row.forumName,
        posts: row.posts,
      }));
    },
  };
}
