/** Requests of issue 37's edits: PUT of a post (multipart or JSON), of a thread's title, and a post's versions. */
import {
  CONVERSATION_API,
  forumPostMediaField,
  type TForumPost,
  type TForumPostEdit,
  type TForumPostVersions,
} from '@portal/contract';
import { multipartBody } from '../helpers/multipart.ts';
import type { Headers, Upload } from '../helpers/world.ts';
import type { ForumWorld } from './forum-helpers.ts';

/** PUT /api/forumPost/{id} as the web app sends it: `forumPost` JSON, `removeMedia` JSON, new files. */
export async function editPost(
  w: ForumWorld,
  headers: Headers,
  id: number | string,
  post: TForumPostEdit | string,
  options: { files?: readonly Upload[]; removeMedia?: readonly number[] | string } = {},
) {
  const { files = [], removeMedia } = options;
  const body = await multipartBody({
    forumPost: typeof post === 'string' ? post : JSON.stringify(post),
    ...(removeMedia === undefined
      ? {}
      : { removeMedia: typeof removeMedia === 'string' ? removeMedia : JSON.stringify(removeMedia) }),
    ...Object.fromEntries(files.map((file, index) => [forumPostMediaField(index), file])),
  });
  return w.t.app.inject({
    method: 'PUT',
    url: CONVERSATION_API.post(id),
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** PUT /api/forumPost/{id} with a JSON body. */
export function editPostJson(w: ForumWorld, headers: Headers, id: number | string, body: unknown) {
  return w.t.app.inject({
    method: 'PUT',
    url: CONVERSATION_API.post(id),
    headers,
    payload: body as Record<string, unknown>,
  });
}

/** An edit that must answer 200; gives the post. */
export async function edited(
  w: ForumWorld,
  headers: Headers,
  id: number,
  post: TForumPostEdit,
  options: { files?: readonly Upload[]; removeMedia?: readonly number[] } = {},
): Promise<TForumPost> {
  const response = await editPost(w, headers, id, post, options);
  if (response.statusCode !== 200) throw new Error(`edit: ${response.statusCode} ${response.body}`);
  return response.json<TForumPost>();
}

/** PUT /api/forumThread/{id} with `{ name }`. */
export function renameThread(w: ForumWorld, headers: Headers, id: number | string, body: unknown) {
  return w.t.app.inject({
    method: 'PUT',
    url: CONVERSATION_API.thread(id),
    headers,
    payload: body as Record<string, unknown>,
  });
}

export function getVersions(w: ForumWorld, headers: Headers, id: number | string) {
  return w.t.app.inject({ url: CONVERSATION_API.versions(id), headers });
}

export async function versionsOf(w: ForumWorld, id: number, headers?: Headers): Promise<TForumPostVersions> {
  return w.json<TForumPostVersions>(CONVERSATION_API.versions(id), headers ?? w.as.mitglied);
}

/** The rows of forum_post_versions of a post, by number. */
export function versionRows(w: ForumWorld, postId: number) {
  return w.t.database.db
    .selectFrom('forumPostVersions')
    .select(['number', 'content', 'name', 'editorId'])
    .where('postId', '=', postId)
    .orderBy('number')
    .execute();
}
