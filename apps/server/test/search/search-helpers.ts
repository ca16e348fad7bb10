import {
  SEARCH_API,
  SEARCH_TYPES,
  type TForumThread,
  type TSearchHit,
  type TSearchResult,
} from '@portal/contract';
import { sql } from 'kysely';
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

/**
 * SQLite: every FTS5 table of the search (one per type since migration 0022) holds exactly the row ids that
 * migration 0018 gives the documents of its type (the date in whole seconds times 2^31 plus the id), so that
 * walking them newest first is walking by date. Compared in SQL: the ids pass 2^53. Answers the mismatches
 * per table (empty when all is well); PostgreSQL has no such tables.
 */
export async function datedKeyMismatches(w: World<never>): Promise<Record<string, number>> {
  if (w.t.database.kind !== 'sqlite') return {};
  const db = w.t.database.db;
  const key = sql`(min(max(coalesce(unixepoch(d.dated_at), 0), -2147483648), 2147483647) * 2147483648 + d.id)`;
  const mismatches: Record<string, number> = {};
  for (const type of SEARCH_TYPES) {
    const name = sql.table(`search_dated_trigram_${type}`);
    const expected = sql`select ${key} from search_documents d where d.type = ${type}`;
    const { rows } = await sql<{ n: number }>`select
        (select count(*) from (select rowid from ${name} except ${expected}))
        + (select count(*) from (${expected} except select rowid from ${name})) as n`.execute(db);
    const n = Number(rows[0]?.n ?? 0);
    if (n > 0) mismatches[`search_dated_trigram_${type}`] = n;
  }
  return mismatches;
}
