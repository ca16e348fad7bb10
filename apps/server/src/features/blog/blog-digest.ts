import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import { type NewsRows, type NewsWindow, newsRows, totalCount } from '../../platform/db/news-rows.ts';
import type { DB } from '../../platform/db/schema.ts';
import { postReaders } from './post-visibility.ts';

export interface NewPost {
  id: number;
  title: string;
  publishedAt: Date;
}

/** What the blog contributes to the digest (features/notifications, issue 17). */
export function createBlogDigestSource(db: Kysely<DB>) {
  return {
    /**
     * News posts that became visible to the member in the window (written or published in it), that they
     * may read at its end (post-visibility.ts, published posts only), the newest first; not the member's own,
     * not those mailed as breaking news (they cannot be sent before their publication, so a breaking news at
     * all means: in the window).
     */
    async newPosts(principal: Principal, window: NewsWindow, limit: number): Promise<NewsRows<NewPost>> {
      const readers = postReaders(principal, window.end, { publishedOnly: true });
      const rows = await db
        .selectFrom('blogPosts')
        .select(['blogPosts.id', 'blogPosts.title', 'blogPosts.publishedAt', totalCount])
        .where(
          (eb) =>
            readers.where({ id: eb.ref('blogPosts.id'), publishedAt: eb.ref('blogPosts.publishedAt') }) ??
            eb.and([]),
        )
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
