import { pageCount } from '@portal/contract';
import type { Kysely } from 'kysely';
import { isDatabaseUnavailable } from '../../platform/db/database-errors.ts';
import type { DB } from '../../platform/db/schema.ts';
import { writeOnTheSide } from '../../platform/db/side-work.ts';
import { forumBaseline } from './forum-baseline.ts';
import { createForumReadersRepository } from './forum-readers.repository.ts';
import { createForumsRepository, type ThreadVisitRow } from './forums.repository.ts';

/** `page` of GET /api/forumThread/{id}: a number, the last page, or the page of the first unread post. */
export type ThreadPage = number | 'last' | 'unread';

/** A member opening a thread: what they had not seen before, and the page asked for. */
export interface ThreadVisit {
  page: number;
  pageCount: number;
  following: boolean;
  unread: number;
  firstUnreadPostId: number | null;
  /** marks the whole thread read for the member (after the page was read) */
  markRead: () => Promise<void>;
}

/** The read markers when a member opens a thread (issue 17). */
export function createThreadReading(db: Kysely<DB>) {
  const readers = createForumReadersRepository(db);
  const forums = createForumsRepository(db);

  return {
    /**
     * Opens the thread for the member: the thread with its forum's name, and their visit (undefined when there
     * is no such thread). Everything is read in one query before the page's posts, so a reply saved while
     * they are read stays unread.
     */
    async open(
      threadId: number,
      userId: number,
      query: { page: ThreadPage; pageSize: number; post?: number | undefined },
    ): Promise<{ thread: ThreadVisitRow; visit: ThreadVisit } | undefined> {
      const thread = await forums.findThreadForVisit(threadId, userId);
      if (!thread) return undefined;
      const reader = {
        userId,
        baseline: forumBaseline({
          forumReadFrom: thread.memberForumReadFrom,
          createdAt: thread.memberCreatedAt,
        }),
      };
      const readPostId = thread.readerReadPostId;
      const newest =
        thread.newestId == null || thread.newestAt == null
          ? undefined
          : { id: thread.newestId, at: thread.newestAt };
      // A thread read to its newest post (most visits) needs no count.
      const allRead = !newest || (readPostId ?? 0) >= newest.id;
      const unread = allRead
        ? { count: 0, firstId: null }
        : await readers.unreadIn(threadId, reader, readPostId);
      const pages = pageCount(thread.postCount, query.pageSize);
      const pageOf = async (postId: number) => {
        const position = await readers.positionOf(threadId, postId);
        return position === null ? null : Math.min(pages, Math.floor(position / query.pageSize) + 1);
      };
      let page: number;
      const ofPost = query.post === undefined ? null : await pageOf(query.post);
      if (ofPost !== null) page = ofPost;
      else if (query.page === 'last' || (query.page === 'unread' && unread.firstId === null)) page = pages;
      else if (query.page !== 'unread') page = query.page;
      else page = (await pageOf(unread.firstId ?? 0)) ?? 1;
      const known = thread.readerId !== null;
      return {
        thread,
        visit: {
          page,
          pageCount: pages,
          following: thread.readerFollowing ?? false,
          unread: unread.count,
          firstUnreadPostId: unread.firstId,
          // The newest post becomes the read marker and lifts the mail guard. Nothing is written when nothing
          // changes; a thread deleted meanwhile has nothing to mark. The page answers whether the marker is
          // written or not (a database that takes no writes now).
          markRead: () =>
            writeOnTheSide('thread read marker', async () => {
              if (!newest) return;
              if (known && (readPostId ?? 0) >= newest.id && thread.readerMailedAt === null) return;
              try {
                await readers.markRead(db, threadId, userId, newest);
              } catch (error) {
                if (isDatabaseUnavailable(error) || (await forums.findThread(db, threadId))) throw error;
              }
            }),
        },
      };
    },
  };
}
