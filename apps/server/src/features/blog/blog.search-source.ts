/**
 * The blog's part of the search (ARCHITECTURE §7): a document per news post (title, pre-text, content and its
 * tags, a circular's number, dated by its publication), found by who may read the post, opening the post.
 */
import { APP_PATHS, circularLabel } from '@portal/contract';
import { htmlToText } from '../../platform/html/text.ts';
import {
  documentSource,
  documentsOf,
  lines,
  type SearchSource,
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
        const posts = db
          .selectFrom('blogPosts')
          .select(['id', 'title', 'preText', 'content', 'publishedAt', 'circularNumber', 'circularYear']);
        const documents = await documentsOf(posts, 'id', sources, (post) => ({
          sourceId: post.id,
          title: post.title,
          // a circular is found by its number too: 'Rundschreiben 12/2026' (issue 34)
          body: lines(
            post.circularNumber === null || post.circularYear === null
              ? ''
              : circularLabel({ number: post.circularNumber, year: post.circularYear }),
            htmlToText(post.preText),
            htmlToText(post.content),
          ),
          date: post.publishedAt,
        }));
        // the tags, a query for the page: their words are found in the post's text
        const ids = documents.map((doc) => doc.sourceId);
        const tags = await createBlogRepository(db).tagsOfPosts(ids, db);
        return documents.map((doc) => ({
          ...doc,
          body: lines(doc.body, tags.get(doc.sourceId)?.join(' ') ?? ''),
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
