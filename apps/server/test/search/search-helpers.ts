import { SEARCH_API, type TForumThread, type TSearchHit, type TSearchResult } from '@portal/contract';
import { createForum, saveThread } from '../forums/forum-helpers.ts';
import type { Headers, World } from '../helpers/world.ts';

/** GET /api/search with the query given; the answer must be 200. */
export function search(w: World<never>, headers: Headers, q: string, extra: Record<string, string> = {}) {
  const query = new URLSearchParams({ q, ...extra });
  return w.json<TSearchResult>(`${SEARCH_API.search}?${query}`, headers);
}

/** The titles of the hits, in their order. */
export const titlesOf = (result: TSearchResult) => result.hits.map((hit: TSearchHit) => hit.title);

/** A forum with one thread (its first post holding `content`), created through the API; the thread. */
export async function createThread(
  w: World<'admin'>,
  names: { forum: string; thread: string },
  content: string,
): Promise<TForumThread> {
  const forum = await createForum(w, names.forum);
  const thread = await saveThread(w, w.as.admin, forum.id, { name: names.thread, content });
  if (thread.statusCode !== 200) throw new Error(`thread: ${thread.statusCode} ${thread.body}`);
  return thread.json<TForumThread>();
}
