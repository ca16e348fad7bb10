/**
 * The forums' part of the search (ARCHITECTURE §7): a document per thread (its title) and per post (its text;
 * a hit shows the thread's title), found by ROLE_USER; a post opens the page of its thread that holds it.
 */
import { APP_PATHS, FORUM_POSTS_PAGE_SIZE } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { htmlToText } from '../../platform/html/text.ts';
import { documentsOf, type FoundDocument, type SearchSource } from '../../platform/search/search-source.ts';
import { readsForums } from './forum-visibility.ts';

/** The threads by id: their live names and forums (a move or a rename needs no refresh). */
async function threads(db: Kysely<DB>, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { forumId: number; name: string }>();
  const rows = await db
    .selectFrom('forumThreads')
    .select(['id', 'forumId', 'name'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** How many posts come before each post in its thread (oldest first, as the thread pages them). */
async function postsBefore(db: Kysely<DB>, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('forumPosts as p')
    .select((eb) => [
      'p.id',
      eb
        .selectFrom('forumPosts as o')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('o.threadId', '=', 'p.threadId')
        .where((before) =>
          before.or([
            before('o.createdAt', '<', before.ref('p.createdAt')),
            before.and([
              before('o.createdAt', '=', before.ref('p.createdAt')),
              before('o.id', '<', before.ref('p.id')),
            ]),
          ]),
        )
        .as('before'),
    ])
    .where('p.id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.before ?? 0]));
}

async function hits(db: Kysely<DB>, documents: readonly FoundDocument[]) {
  const posts = documents.filter((doc) => doc.kind === 'forum-post');
  const threadOf = (doc: FoundDocument) => (doc.kind === 'forum-post' ? (doc.ownerId ?? 0) : doc.sourceId);
  const [named, before] = await Promise.all([
    threads(db, documents.map(threadOf)),
    postsBefore(
      db,
      posts.map((doc) => doc.sourceId),
    ),
  ]);
  return new Map(
    documents.flatMap((doc) => {
      const threadId = threadOf(doc);
      const thread = named.get(threadId);
      if (!thread) return [];
      // A post opens the page of the thread that holds it.
      const page = Math.floor((before.get(doc.sourceId) ?? 0) / FORUM_POSTS_PAGE_SIZE) + 1;
      const at = doc.kind === 'forum-post' ? { page, post: doc.sourceId } : {};
      const path = APP_PATHS.thread(thread.forumId, threadId, at);
      return [[doc.id, { id: threadId, path, title: thread.name }]];
    }),
  );
}

export const forumsSearchSource: SearchSource = {
  type: 'forum',
  kinds: [
    {
      kind: 'forum-thread',
      label: 'Forenthemen',
      owns: ['forum-post'],
      read: (db, sources) =>
        documentsOf(
          db.selectFrom('forumThreads').select(['id', 'name as title', 'createdAt as date']),
          'id',
          sources,
          ({ id, ...thread }) => ({ sourceId: id, body: '', ...thread }),
        ),
    },
    {
      kind: 'forum-post',
      label: 'Forenbeiträge',
      // no title of its own: its thread's is shown, and its words are not the post's; a reply its author
      // deleted has none (issue 37)
      read: (db, sources) =>
        documentsOf(
          db
            .selectFrom('forumPosts')
            .select(['id', 'threadId as ownerId', 'content', 'createdAt as date'])
            .where('deletedAt', 'is', null),
          'id',
          sources,
          ({ id, content, ...post }) => ({ sourceId: id, title: '', body: htmlToText(content), ...post }),
        ),
    },
  ],
  async open(db, principal) {
    if (!readsForums(principal.roles)) return undefined;
    return { visible: 'all', hits: (documents) => hits(db, documents) };
  },
};
