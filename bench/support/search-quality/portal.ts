/**
 * The portal's side of the search-quality bench: the corpus written into a database that holds the demo
 * accounts (news posts, events, forums and media files straight into their tables; content pages with their
 * tables through the real upload, as an admin saves them), the index rebuilt as after a migration, and a hit
 * of `GET /api/search` mapped back to its corpus document (a table row's hit by its `row`, a forum post's by
 * its `post`).
 */
import { CONTENT_API, SEARCH_API, type TContentItem, type TSearchHit, ZSearchResult } from '@portal/contract';
import type { Kysely } from 'kysely';
import { reindexAll } from '../../../apps/server/src/features/search/index.ts';
import { SEARCH_SOURCES } from '../../../apps/server/src/modules.ts';
import type { DB } from '../../../apps/server/src/platform/db/schema.ts';
import { multipartBody } from '../../../apps/server/test/helpers/multipart.ts';
import { check, createCategory, type InProcessApp } from '../in-process-app.ts';
import type { Corpus } from './corpus.ts';

const HOUR = 60 * 60 * 1000;

/** Corpus keys by the ids the portal gave the documents. */
interface Keys {
  news: Map<number, string>;
  pages: Map<number, string>;
  events: Map<number, string>;
  threads: Map<number, string>;
  posts: Map<number, string>;
  media: Map<number, string>;
}

const at = (date: string, hours = 8) => new Date(Date.parse(`${date}T00:00:00Z`) + hours * HOUR);
const paragraphs = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => `<p>${line}</p>`)
    .join('');

async function writeTables(db: Kysely<DB>, corpus: Corpus, authorId: number, groupId: number, keys: Keys) {
  for (const post of corpus.news) {
    const published = at(post.date);
    const { id } = await db
      .insertInto('blogPosts')
      .values({
        title: post.title,
        preText: paragraphs(post.teaser),
        content: paragraphs(post.text),
        imageKey: null,
        imageName: null,
        publishedAt: published,
        displayOnDashboard: true,
        authorId,
        createdAt: published,
        updatedAt: published,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    keys.news.set(id, post.key);
    await db.insertInto('blogPostGroups').values({ blogPostId: id, groupId }).execute();
    const tags = post.tags.filter(Boolean).map((tag) => ({ blogPostId: id, tag }));
    if (tags.length > 0) await db.insertInto('blogPostTags').values(tags).execute();
  }
  for (const event of corpus.events) {
    const start = at(event.date, 9);
    const { id } = await db
      .insertInto('events')
      .values({
        name: event.name,
        description: paragraphs(event.description),
        location: event.place,
        startAt: start,
        endAt: new Date(start.getTime() + 8 * HOUR),
        url: null,
        external: false,
        registrationDeadline: null,
        imageKey: null,
        imageName: null,
        createdAt: start,
        updatedAt: start,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    keys.events.set(id, event.key);
  }
  const forums = new Map<string, number>();
  for (const thread of corpus.threads) {
    const start = at(thread.date);
    let forumId = forums.get(thread.forum);
    if (forumId === undefined) {
      const forum = await db
        .insertInto('forums')
        .values({ name: thread.forum, description: '', createdAt: start, updatedAt: start })
        .returning('id')
        .executeTakeFirstOrThrow();
      forumId = forum.id;
      forums.set(thread.forum, forumId);
    }
    const { id: threadId } = await db
      .insertInto('forumThreads')
      .values({
        forumId,
        name: thread.title,
        authorId,
        postCount: thread.posts.length,
        lastPostAt: new Date(start.getTime() + (thread.posts.length - 1) * HOUR),
        createdAt: start,
        updatedAt: start,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    keys.threads.set(threadId, thread.key);
    for (const [index, text] of thread.posts.entries()) {
      const time = new Date(start.getTime() + index * HOUR);
      const { id } = await db
        .insertInto('forumPosts')
        .values({
          threadId,
          authorId,
          content: paragraphs(text),
          isFirst: index === 0,
          createdAt: time,
          updatedAt: time,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      keys.posts.set(id, `${thread.key}.p${index + 1}`);
    }
  }
  const created = at(corpus.media[0]?.date ?? '2025-01-01');
  const category = await db
    .insertInto('mediaCategories')
    .values({ name: 'Dokumente', parentId: null, createdAt: created, updatedAt: created })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const file of corpus.media) {
    const uploaded = at(file.date);
    const { id } = await db
      .insertInto('mediaFiles')
      .values({
        name: file.name,
        categoryId: category.id,
        storageKey: `bench/${file.key}`,
        originalFilename: file.filename,
        mimeType: 'application/octet-stream',
        size: 1000,
        publicToken: `bench-search-quality-${file.key}`,
        contentHash: null,
        createdAt: uploaded,
        updatedAt: uploaded,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    keys.media.set(id, file.key);
  }
}

/** The content pages saved as an admin saves them, each table uploaded as its CSV file. */
async function savePages(bench: InProcessApp, corpus: Corpus, keys: Keys) {
  const admin = await bench.login('admin');
  const category = await createCategory(bench, admin, 'Fachinformationen');
  for (const page of corpus.pages) {
    const content = JSON.stringify({
      title: page.title,
      preText: paragraphs(page.preText),
      postText: paragraphs(page.postText),
      categories: [category],
    });
    const body = await multipartBody(
      page.csv ? { content, csvFile: { filename: `${page.key}.csv`, data: page.csv } } : { content },
      'text/csv',
    );
    const saved = await bench.app.inject({
      method: 'POST',
      url: CONTENT_API.save,
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    check(saved.statusCode === 200, `page ${page.key} saved: ${saved.statusCode} ${saved.body}`);
    const item = saved.json<TContentItem>();
    check(item.csvRowCount === page.rows.length, `page ${page.key}: every row stored`);
    keys.pages.set(item.id, page.key);
  }
}

/** A hit's corpus key; an unknown hit (a demo account's content) gets a key no judgment names. */
function keyOf(hit: TSearchHit, keys: Keys): string {
  const params = new URL(hit.path, 'http://portal').searchParams;
  const unknown = `?${hit.type}:${hit.id}`;
  switch (hit.type) {
    case 'blog':
      return keys.news.get(hit.id) ?? unknown;
    case 'event':
      return keys.events.get(hit.id) ?? unknown;
    case 'media':
      return keys.media.get(hit.id) ?? unknown;
    case 'content': {
      const page = keys.pages.get(hit.id);
      const row = params.get('row');
      if (page === undefined) return unknown;
      return row === null ? page : `${page}.r${row}`;
    }
    case 'forum': {
      const post = params.get('post');
      return (post === null ? keys.threads.get(hit.id) : keys.posts.get(Number(post))) ?? unknown;
    }
    case 'company':
      return unknown;
  }
}

export interface PortalSearch {
  /** the corpus keys of the first `limit` hits, and the hits as the API gave them (type, id, path) */
  search(q: string, limit: number): Promise<{ keys: string[]; hits: string[] }>;
}

/** Writes the corpus into the app's database, indexes it and searches it as an admin (who may see all). */
export async function portalSearch(bench: InProcessApp, corpus: Corpus): Promise<PortalSearch> {
  const { db } = bench.database;
  const admin = await bench.app.accounts.findUserByUsername('admin');
  const members = (await bench.app.accounts.listGroups()).find((group) => group.name === 'Mitglieder');
  check(admin !== undefined && members !== undefined, 'the demo accounts are seeded');
  const keys: Keys = {
    news: new Map(),
    pages: new Map(),
    events: new Map(),
    threads: new Map(),
    posts: new Map(),
    media: new Map(),
  };
  await db.transaction().execute((trx) => writeTables(trx, corpus, admin.id, members.id, keys));
  await savePages(bench, corpus, keys);
  await reindexAll(db, SEARCH_SOURCES);
  const headers = await bench.login('admin');
  return {
    async search(q, limit) {
      const url = `${SEARCH_API.search}?${new URLSearchParams({ q, limit: String(limit) })}`;
      const response = await bench.app.inject({ url, headers });
      check(response.statusCode === 200, `GET ${url} answered ${response.statusCode} ${response.body}`);
      const { hits } = ZSearchResult.parse(response.json());
      return {
        keys: hits.map((hit) => keyOf(hit, keys)),
        hits: hits.map((hit) => `${hit.type} ${hit.id} ${hit.path}`),
      };
    },
  };
}
