import {
  FORUM_API,
  forumPostMediaField,
  type TForumInput,
  type TForumPost,
  type TForumSummary,
  type TForumThread,
} from '@portal/contract';
import { buildThread } from '../helpers/builders-forums-media.ts';
import { userId } from '../helpers/factories.ts';
import {
  rowCounts as countRows,
  createWorld,
  fixture,
  type Headers,
  type MultipartFields,
  storedFiles,
  type Upload,
  type World,
} from '../helpers/world.ts';

/** `admin`, two members `mitglied` and `kollege`, and `partner`. */
const FORUM_USERS = [
  { username: 'admin', role: 'ROLE_ADMIN' },
  { username: 'mitglied', role: 'ROLE_USER' },
  { username: 'kollege', role: 'ROLE_USER' },
  { username: 'partner', role: 'ROLE_PARTNER', groups: ['Partner'] },
] as const;

export type ForumWorld = World<(typeof FORUM_USERS)[number]['username']>;

export function createForumWorld(env: Record<string, string> = {}): Promise<ForumWorld> {
  return createWorld({ env, users: FORUM_USERS });
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

/** POST /api/forum/ with the form field `forum`. */
export function saveForum(w: World<never>, headers: Headers, forum: Partial<TForumInput> | string) {
  return w.postMultipart(FORUM_API.save, headers, {
    forum: typeof forum === 'string' ? forum : JSON.stringify(forum),
  });
}

export async function createForum(w: World<'admin'>, name = 'Technik & Normen'): Promise<TForumSummary> {
  const response = await saveForum(w, w.as.admin, { name, description: `<p>Über ${name}</p>` });
  if (response.statusCode !== 200) throw new Error(`forum: ${response.statusCode} ${response.body}`);
  return response.json<TForumSummary>();
}

/** POST /api/forumThread/ as the web app sends it. */
export function saveThread(
  w: World<never>,
  headers: Headers,
  forumId: number | string,
  thread: Record<string, unknown> | string,
  files: readonly Upload[] = [],
) {
  return w.postMultipart(FORUM_API.saveThread, headers, {
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
  return w.postMultipart(FORUM_API.savePost, headers, {
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

/** A thread opened by `mitglied` with `replies` more posts by `kollege`, written as rows (no follows). */
export async function buildMemberThread(
  w: ForumWorld,
  forumId: number,
  replies = 0,
): Promise<{ id: number; postIds: number[] }> {
  const [opener, replier] = [await userId(w, 'mitglied'), await userId(w, 'kollege')];
  const posts = [{ authorId: opener }, ...Array.from({ length: replies }, () => ({ authorId: replier }))];
  return buildThread(w, { forumId, posts });
}

export async function readThread(w: ForumWorld, id: number, query = '', headers?: Headers) {
  return w.json<TForumThread>(`${FORUM_API.thread(id)}${query ? `?${query}` : ''}`, headers ?? w.as.mitglied);
}

export function remove(w: ForumWorld, url: string, headers: Headers) {
  return w.t.app.inject({ method: 'DELETE', url, headers });
}

/** Rows of every forum table. */
export async function forumRows(w: World<never>) {
  const counts = await countRows(w.t, ['forums', 'forumThreads', 'forumPosts', 'forumPostMedia']);
  return {
    forums: counts.forums,
    threads: counts.forumThreads,
    posts: counts.forumPosts,
    media: counts.forumPostMedia,
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
  const stored = storedFiles(w.t, 'forum/');
  return {
    files: stored.filter((file) => !keys.has(file)),
    rows: [...keys].filter((key) => !stored.includes(key)),
  };
}
