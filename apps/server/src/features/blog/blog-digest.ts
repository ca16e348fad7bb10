import { APP_PATHS, circularLabel } from '@portal/contract';
import { newsRows, totalCount } from '../../platform/db/news-rows.ts';
import type { DigestSection } from '../../platform/registry/digest-section.ts';
import { berlinDate } from '../../platform/time/berlin-time.ts';
import { postReaders } from './post-visibility.ts';

/**
 * What the blog contributes to the digest (features/notifications, issue 17): news posts that became visible
 * to the member in the window (written or published in it) that they may read at its end (post-visibility.ts,
 * published posts only), the newest first; not the member's own, not those mailed as breaking news (they cannot be sent before
 * their publication, so a breaking news at all means: in the window).
 */
export const blogDigest: DigestSection = {
  title: 'Neuigkeiten',
  counted: { one: 'Beitrag', many: 'Beiträge' },
  // partners read news posts too (SPEC §2): every member, by the posts' groups
  reads: () => true,
  startRun: (db) =>
    async function newPosts({ principal }, window, limit) {
      const readers = postReaders(principal, window.end, { publishedOnly: true });
      const rows = await db
        .selectFrom('blogPosts')
        .select([
          'blogPosts.id',
          'blogPosts.title',
          'blogPosts.publishedAt',
          'blogPosts.circularNumber',
          'blogPosts.circularYear',
          totalCount,
        ])
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
        // a circular with its number: 'Rundschreiben 12/2026: Titel' (issue 34)
        label:
          row.circularNumber === null || row.circularYear === null
            ? row.title
            : `${circularLabel({ number: row.circularNumber, year: row.circularYear })}: ${row.title}`,
        path: APP_PATHS.post(row.id),
        detail: berlinDate.format(row.publishedAt),
      }));
    },
};
