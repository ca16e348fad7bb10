import { pageCount } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { createForumReadersRepository } from './forum-readers.repository.ts';
import { createForumsRepository } from './forums.repository.ts';

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
    async visit(
      userId: number,
      thread: { id: number; postCount: number },
      query: { page: ThreadPage; pageSize: number; post?: number | undefined },
    ): Promise<ThreadVisit> {
      // Read before the page's posts: a reply saved while they are read stays unread.
      const newest = await readers.newestPost(thread.id);
      const reader = await readers.reader(userId);
      const mine = await readers.findReader(db, thread.id, userId);
      const unread = await readers.unreadIn(thread.id, reader, mine?.readPostId ?? null);
      const pages = pageCount(thread.postCount, query.pageSize);
      const pageOf = async (postId: number) => {
        const position = await readers.positionOf(thread.id, postId);
        return position === null ? null : Math.min(pages, Math.floor(position / query.pageSize) + 1);
      };
      let page: number;
      const ofPost = query.post === undefined ? null : await pageOf(query.post);
      if (ofPost !== null) page = ofPost;
      else if (query.page === 'last' || (query.page === 'unread' && unread.firstId === null)) page = pages;
      else if (query.page !== 'unread') page = query.page;
      else page = (await pageOf(unread.firstId ?? 0)) ?? 1;
      return {
        page,
        pageCount: pages,
        following: Boolean(mine?.following),
        unread: unread.count,
        firstUnreadPostId: unread.firstId,
        // The newest post becomes the read marker and lifts the mail guard. Nothing is written when nothing
        // changes; a thread deleted meanwhile has nothing to mark.
        markRead: async () => {
          if (!newest) return;
          if (mine && (mine.readPostId ?? 0) >= newest.id && mine.mailedAt === null) return;
          try {
            await readers.markRead(db, thread.id, userId, newest);
          } catch (error) {
            if (await forums.findThread(db, thread.id)) throw error;
          }
        },
      };
    },
  };
}
