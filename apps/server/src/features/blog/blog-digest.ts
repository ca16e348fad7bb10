import { APP_PATHS } from '@portal/contract';
import { visibleTo } from '../../platform/auth/visibility.ts';
import { newsRows, totalCount } from '../../platform/db/news-rows.ts';
import { toDate } from '../../platform/db/schema.ts';
import type { DigestSection } from '../../platform/registry/digest-section.ts';
import { berlinDate } from '../../platform/time/berlin-time.ts';

/**
 * What the blog contributes to the digest (features/notifications, issue 17): news posts that became visible
 * to the member in the window (written or published in it, published by its end), by the blog list's group
 * rule, the newest first; not the member's own, not those mailed as breaking news (they cannot be sent before
 * their publication, so a breaking news at all means: in the window).
 */
export const blogDigest: DigestSection = {
  title: 'Neuigkeiten',
  counted: { one: 'Beitrag', many: 'Beiträge' },
  role: 'ROLE_PARTNER',
  startRun: (db) =>
    async function newPosts({ principal }, window, limit) {
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
        label: row.title,
        path: APP_PATHS.post(row.id),
        detail: berlinDate.format(toDate(row.publishedAt)),
      }));
    },
};
