import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import { visibleTo } from '../../platform/auth/visibility.ts';
import { type NewsRows, type NewsWindow, newsRows, totalCount } from '../../platform/db/news-rows.ts';
import type { DB } from '../../platform/db/schema.ts';

export interface NewPost {
  id: number;
  title: string;
  publishedAt: Date;
}

/** What the blog contributes to the digest (features/notifications, issue 17). */
export function createBlogDigestSource(db: Kysely<DB>) {
  return {
    /**
     * News posts that became visible to the member in the window (written or published in it, published by
     * its end), by the blog list's group rule, the newest first; not the member's own, not those mailed as
     * breaking news (they cannot be sent before their publication, so a breaking news at all means: in the
     * window).
     */
    async newPosts(principal: Principal, window: NewsWindow, limit: number): Promise<NewsRows<NewPost>> {
      const rows = await db
        .selectFrom('blogPosts')
        .select(['blogPosts.id', 'blogPosts.title', 'blogPosts.publishedAt', totalCount])
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
      return newsRows(rows, (row) => ({
        id: row.id,
        title: row.title,
        publishedAt: row.publishedAt,
      }));
    },
  };
}
