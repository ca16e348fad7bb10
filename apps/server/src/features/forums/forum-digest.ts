import { APP_PATHS } from '@portal/contract';
import { newsRows, totalCount } from '../../platform/db/news-rows.ts';
import { countText, type DigestSection } from '../../platform/registry/digest-section.ts';
import { forumBaseline } from './forum-baseline.ts';
import { type ForumReader, hasNewerPosts, isUnreadPost } from './forum-readers.repository.ts';
import { readsForums } from './forum-visibility.ts';

/**
 * What the forums contribute to the digest (features/notifications, issue 17): threads with posts written in
 * the window that are unread to the reader by the forum's unread rule (forum-readers.repository.ts), the latest
 * such post first, each with its unread posts of the window counted; not the threads a reply mail went out for
 * in the window (forum_thread_readers.mailed_at).
 */
export const forumsDigest: DigestSection = {
  title: 'Forum',
  counted: { one: 'Thema', many: 'Themen' },
  reads: readsForums,
  startRun: (db) =>
    async function threadsWithNews({ principal, account }, window, limit) {
      const reader: ForumReader = { userId: principal.id, baseline: forumBaseline(account) };
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
        // a reply its author deleted (issue 37) is no news
        .where('forumPosts.deletedAt', 'is', null)
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
        label: row.name,
        path: APP_PATHS.thread(row.forumId, row.id),
        detail: `${row.forumName}, ${countText(row.posts, 'neuer Beitrag', 'neue Beiträge')}`,
      }));
    },
};
