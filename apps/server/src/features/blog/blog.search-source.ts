/**
 * The blog's part of the search (ARCHITECTURE §7): a document per news post (title, pre-text, content and its
 * tags, dated by its publication), found by who may read the post, opening the post.
 */
import { APP_PATHS } from '@portal/contract';
import { htmlToText } from '../../platform/html/text.ts';
import {
  documentSource,
  lines,
  type SearchSource,
  SOURCES_PER_READ,
  selected,
} from '../../platform/search/search-source.ts';
import { createBlogRepository } from './blog.repository.ts';
import { postReaders } from './post-visibility.ts';

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
      visible: postReaders(principal, now).where({ id: documentSource }) ?? 'all',
      hits: async (documents) =>
        new Map(documents.map((doc) => [doc.id, { id: doc.sourceId, path: APP_PATHS.post(doc.sourceId) }])),
    };
  },
};
