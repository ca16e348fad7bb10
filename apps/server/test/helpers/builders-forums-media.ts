/**
 * Set-up rows of forums and the media library, written straight into the tables (see builders.ts): no
 * search document, follow, read marker, reply mail or audit entry, and a stored file only where asked for.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { newKey } from '../../src/platform/storage/storage.ts';
import { at, type Builder, type Built, dbOf, type Moment, nextNumber } from './builders.ts';

export async function buildForum(
  w: Builder,
  overrides: { name?: string; description?: string; createdAt?: Moment } = {},
): Promise<Built> {
  const name = overrides.name ?? `Forum ${nextNumber()}`;
  const createdAt = at(overrides.createdAt);
  const row = await dbOf(w)
    .insertInto('forums')
    .values({
      name,
      description: overrides.description ?? `<p>Über ${name}</p>`,
      createdAt,
      updatedAt: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name };
}

/** A post of a thread: who wrote it, when (default now) and what. */
export interface BuiltPost {
  authorId: number | null;
  at?: Moment;
  content?: string;
}

/**
 * A thread with its posts in the order given (the first is the opening post; at least one), its kept
 * post count and last post time as the forum keeps them.
 */
export async function buildThread(
  w: Builder,
  input: { forumId: number; name?: string; posts: readonly BuiltPost[] },
): Promise<{ id: number; postIds: number[] }> {
  const [first, ...replies] = input.posts;
  if (!first) throw new Error('a thread needs a post');
  const createdAt = at(first.at);
  const row = await dbOf(w)
    .insertInto('forumThreads')
    .values({
      forumId: input.forumId,
      name: input.name ?? `Thema ${nextNumber()}`,
      authorId: first.authorId,
      postCount: 0,
      lastPostAt: createdAt,
      createdAt,
      updatedAt: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const postIds = [await writePost(w, row.id, first, true)];
  for (const reply of replies) postIds.push(await buildForumPost(w, { threadId: row.id, ...reply }));
  return { id: row.id, postIds };
}

/** A reply in a thread; the thread's count and last post time follow. */
export async function buildForumPost(w: Builder, post: BuiltPost & { threadId: number }): Promise<number> {
  return writePost(w, post.threadId, post, false);
}

async function writePost(w: Builder, threadId: number, post: BuiltPost, isFirst: boolean): Promise<number> {
  const db = dbOf(w);
  const moment = at(post.at);
  const row = await db
    .insertInto('forumPosts')
    .values({
      threadId,
      authorId: post.authorId,
      content: post.content ?? `<p>Beitrag ${nextNumber()}</p>`,
      isFirst,
      createdAt: moment,
      updatedAt: moment,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('forumThreads')
    .set((eb) => ({ postCount: eb('postCount', '+', 1) }))
    .where('id', '=', threadId)
    .execute();
  await db
    .updateTable('forumThreads')
    .set({ lastPostAt: moment, updatedAt: moment })
    .where('id', '=', threadId)
    .where('lastPostAt', '<', moment)
    .execute();
  return row.id;
}

/** A media category at the root unless `parentId` is given, at position 999 as the form leaves it. */
export async function buildMediaCategory(
  w: Builder,
  overrides: { name?: string; parentId?: number | null; position?: number } = {},
): Promise<Built> {
  const db = dbOf(w);
  const name = overrides.name ?? `Mediathek ${nextNumber()}`;
  const parentId = overrides.parentId ?? null;
  const parent =
    parentId === null
      ? undefined
      : await db
          .selectFrom('mediaCategories')
          .select('level')
          .where('id', '=', parentId)
          .executeTakeFirstOrThrow();
  const now = new Date();
  const row = await db
    .insertInto('mediaCategories')
    .values({
      name,
      parentId,
      level: parent ? Number(parent.level) + 1 : 1,
      position: overrides.position ?? 999,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name };
}

/**
 * A media file's row, a PDF unless told otherwise. With `data` the file is stored too (its size is then the
 * data's); without, its storage key names no stored file.
 */
export async function buildMediaFile(
  w: Builder,
  overrides: {
    categoryId: number;
    name?: string;
    originalFilename?: string;
    mimeType?: string;
    size?: number;
    data?: Buffer;
    createdAt?: Moment;
  },
): Promise<Built> {
  const number = nextNumber();
  const name = overrides.name ?? `Datei ${number}`;
  const createdAt = at(overrides.createdAt);
  const originalFilename = overrides.originalFilename ?? `datei-${number}.pdf`;
  // the key's extension is the stored type's, as an upload's (downloads are named after it)
  const storageKey = newKey('media', path.extname(originalFilename).toLowerCase());
  if (overrides.data) await w.t.app.storage.put(storageKey, overrides.data);
  const row = await dbOf(w)
    .insertInto('mediaFiles')
    .values({
      name,
      categoryId: overrides.categoryId,
      storageKey,
      originalFilename,
      mimeType: overrides.mimeType ?? 'application/pdf',
      size: overrides.data?.length ?? overrides.size ?? 1024,
      publicToken: randomBytes(24).toString('base64url'),
      contentHash: null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name };
}
