import {
  FORUM_API,
  SEARCH_API,
  type TForumSummary,
  type TForumThread,
  type TSearchHit,
  type TSearchResult,
} from '@portal/contract';
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
  const forum = await w.postMultipart(FORUM_API.save, w.as.admin, {
    forum: JSON.stringify({ name: names.forum, description: '<p>Fragen und Antworten</p>' }),
  });
  if (forum.statusCode !== 200) throw new Error(`forum: ${forum.statusCode} ${forum.body}`);
  const thread = await w.postMultipart(FORUM_API.saveThread, w.as.admin, {
    forumThread: JSON.stringify({ name: names.thread, content }),
    forumId: String(forum.json<TForumSummary>().id),
  });
  if (thread.statusCode !== 200) throw new Error(`thread: ${thread.statusCode} ${thread.body}`);
  return thread.json<TForumThread>();
}
