/**
 * The blog's part of the search (ARCHITECTURE §7): a document per news post (title, pre-text, content and its
 * tags, dated by its publication), found by who may read the post, opening the post.
 */
import { APP_PATHS } from '@portal/contract';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import { visibleTo } from '../../platform/auth/visibility.ts';
import { htmlToText } from '../../platform/html/text.ts';
import { lines, type SearchSource, SOURCES_PER_READ, selected } from '../../platform/search/search-source.ts';
import { createBlogRepository } from './blog.repository.ts';

/**
 * A member's post: published, and shown to one of their groups, checked side by side (the groups by the
 * post's id alone): 0.6 against 0.74 ms on SQLite for the 1,000 newest posts with 'glas' (decision 0096), the
 * same on PostgreSQL. The date comes from the narrow index `blog_posts_published_by_id` (migration 0017).
 */
function memberPost(principal: Principal, now: Date): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from blog_posts p where p.id = d.source_id and p.published_at <= ${now})
    and ${visibleTo(principal, { table: 'blog_post_groups', column: 'blog_post_id', ref: 'd.source_id' })}`;
}

export const blogSearchSource: SearchSource = {
  type: 'blog',
  kinds: [
    {
      kind: 'blog',
      label: 'Neuigkeiten',
      async read(db, sources) {
        const posts = await db
          .selectFrom('blogPosts')
          .select(['id', 'title', 'preText', 'content', 'publishedAt'])
          .where((eb) => selected(eb, 'id', sources))
          .orderBy('id')
          .limit(SOURCES_PER_READ)
          .execute();
        const tags = await createBlogRepository(db).tagsOfPosts(
          posts.map((post) => post.id),
          db,
        );
        return posts.map((post) => ({
          sourceId: post.id,
          ownerId: null,
          title: post.title,
          body: lines(htmlToText(post.preText), htmlToText(post.content), tags.get(post.id)?.join(' ') ?? ''),
          date: post.publishedAt,
        }));
      },
    },
  ],
  async open(_db, principal, now) {
    return {
      visible: principal.isAdmin ? 'all' : memberPost(principal, now),
      hits: async (documents) =>
        new Map(documents.map((doc) => [doc.id, { id: doc.sourceId, path: APP_PATHS.post(doc.sourceId) }])),
    };
  },
};
