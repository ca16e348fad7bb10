import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  FORUM_API,
  forumPostMediaField,
  type TForumInput,
  type TForumPost,
  type TForumSummary,
  type TForumThread,
} from '@portal/contract';
import { fixture } from '../blog/blog-helpers.ts';
import { bearer, createUser, login } from '../helpers/factories.ts';
import { type MultipartFields, multipartBody } from '../helpers/multipart.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

export { fixture };
export type Headers = Record<string, string>;

export interface Upload {
  filename: string;
  data: Buffer | string;
  type?: string;
}

/** A test app with `admin` (ROLE_ADMIN), two members `mitglied` and `kollege` (ROLE_USER) and `partner`. */
export interface ForumWorld {
  t: TestApp;
  as: { admin: Headers; mitglied: Headers; kollege: Headers; partner: Headers };
}

export async function createForumWorld(env: Record<string, string> = {}): Promise<ForumWorld> {
  const t = await createTestApp(env);
  const { app } = t;
  await createUser(app, { username: 'admin', role: 'ROLE_ADMIN' });
  await createUser(app, { username: 'mitglied', role: 'ROLE_USER' });
  await createUser(app, { username: 'kollege', role: 'ROLE_USER' });
  await createUser(app, { username: 'partner', role: 'ROLE_PARTNER', groups: ['Partner'] });
  const as = {
    admin: bearer(await login(app, 'admin')),
    mitglied: bearer(await login(app, 'mitglied')),
    kollege: bearer(await login(app, 'kollege')),
    partner: bearer(await login(app, 'partner')),
  };
  return { t, as };
}

export const logo = (): Upload => ({
  filename: 'logo.png',
  data: fixture('images/logo.png'),
  type: 'image/png',
});
export const photo = (): Upload => ({
  filename: 'foto-exif-gps.jpg',
  data: fixture('images/foto-exif-gps.jpg'),
  type: 'image/jpeg',
});
export const leaflet = (): Upload => ({
  filename: 'merkblatt.pdf',
  data: fixture('docs/merkblatt.pdf'),
  type: 'application/pdf',
});

function mediaFields(files: readonly Upload[]): MultipartFields {
  return Object.fromEntries(files.map((file, index) => [forumPostMediaField(index), file]));
}

async function postMultipart(w: ForumWorld, url: string, headers: Headers, fields: MultipartFields) {
  const body = await multipartBody(fields);
  return w.t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** POST /api/forum/ with the form field `forum`. */
export function saveForum(w: ForumWorld, headers: Headers, forum: Partial<TForumInput> | string) {
  return postMultipart(w, FORUM_API.save, headers, {
    forum: typeof forum === 'string' ? forum : JSON.stringify(forum),
  });
}

export async function createForum(w: ForumWorld, name = 'Technik & Normen'): Promise<TForumSummary> {
  const response = await saveForum(w, w.as.admin, { name, description: `<p>Über ${name}</p>` });
  if (response.statusCode !== 200) throw new Error(`forum: ${response.statusCode} ${response.body}`);
  return response.json<TForumSummary>();
}

/** POST /api/forumThread/ as the web app sends it. */
export function saveThread(
  w: ForumWorld,
  headers: Headers,
  forumId: number | string,
  thread: Record<string, unknown> | string,
  files: readonly Upload[] = [],
) {
  return postMultipart(w, FORUM_API.saveThread, headers, {
    forumThread: typeof thread === 'string' ? thread : JSON.stringify(thread),
    forumId: String(forumId),
    ...mediaFields(files),
  });
}

export async function createThread(
  w: ForumWorld,
  forumId: number,
  headers: Headers = w.as.mitglied,
  files: readonly Upload[] = [],
  name = 'Isolierglas beschlägt innen',
): Promise<TForumThread> {
  const response = await saveThread(w, headers, forumId, { name, content: '<p>Woran liegt das?</p>' }, files);
  if (response.statusCode !== 200) throw new Error(`thread: ${response.statusCode} ${response.body}`);
  return response.json<TForumThread>();
}

/** POST /api/forumPost/ as the web app sends it. */
export function savePost(
  w: ForumWorld,
  headers: Headers,
  threadId: number | string,
  post: Record<string, unknown> | string,
  files: readonly Upload[] = [],
) {
  return postMultipart(w, FORUM_API.savePost, headers, {
    forumPost: typeof post === 'string' ? post : JSON.stringify(post),
    forumThreadId: String(threadId),
    ...mediaFields(files),
  });
}

export async function createPost(
  w: ForumWorld,
  threadId: number,
  headers: Headers = w.as.kollege,
  files: readonly Upload[] = [],
  content = '<p>Vermutlich ein defekter Randverbund.</p>',
): Promise<TForumPost> {
  const response = await savePost(w, headers, threadId, { content }, files);
  if (response.statusCode !== 200) throw new Error(`post: ${response.statusCode} ${response.body}`);
  return response.json<TForumPost>();
}

export async function readThread(w: ForumWorld, id: number, query = '', headers?: Headers) {
  const response = await w.t.app.inject({
    url: `${FORUM_API.thread(id)}${query ? `?${query}` : ''}`,
    headers: headers ?? w.as.mitglied,
  });
  if (response.statusCode !== 200) throw new Error(`read thread: ${response.statusCode} ${response.body}`);
  return response.json<TForumThread>();
}

export function remove(w: ForumWorld, url: string, headers: Headers) {
  return w.t.app.inject({ method: 'DELETE', url, headers });
}

export function storageRoot(w: ForumWorld): string {
  return w.t.config.storageUrl.replace(/^file:/, '');
}

/** Every file in the storage folder (relative keys), temp files included. */
export function storedFiles(w: ForumWorld): string[] {
  const root = storageRoot(w);
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((entry) => statSync(path.join(root, entry)).isFile())
    .map((entry) => entry.split(path.sep).join('/'))
    .sort();
}

/** The storage key of a signed URL. */
export function keyOf(url: string | null): string {
  if (!url) throw new Error('no url');
  return new URL(url, 'http://x').pathname.replace('/api/files/', '');
}

/** Rows of every forum table. */
export async function rowCounts(w: ForumWorld) {
  const db = w.t.database.db;
  const count = async (table: 'forums' | 'forumThreads' | 'forumPosts' | 'forumPostMedia') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    forums: await count('forums'),
    threads: await count('forumThreads'),
    posts: await count('forumPosts'),
    media: await count('forumPostMedia'),
  };
}

/** Stored files that no attachment row refers to, and attachment rows whose file is missing. */
export async function orphans(w: ForumWorld): Promise<{ files: string[]; rows: string[] }> {
  const rows = await w.t.database.db
    .selectFrom('forumPostMedia')
    .select(['storageKey', 'thumbnailKey'])
    .execute();
  const keys = new Set(
    rows.flatMap((row) => [row.storageKey, ...(row.thumbnailKey ? [row.thumbnailKey] : [])]),
  );
  const stored = storedFiles(w).filter((file) => file.startsWith('forum/'));
  return {
    files: stored.filter((file) => !keys.has(file)),
    rows: [...keys].filter((key) => !stored.includes(key)),
  };
}
