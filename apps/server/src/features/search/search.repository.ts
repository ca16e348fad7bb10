/**
 * The search's queries: a type's newest matching documents a principal may open (the engine of the database,
 * platform/search/search-engine.ts) and the documents of a page.
 */
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';
import { createSearchEngine } from '../../platform/search/search-engine.ts';
import type { FoundDocument } from '../../platform/search/search-source.ts';

export function createSearchRepository(db: Kysely<DB>, kind: DatabaseKind) {
  const engine = createSearchEngine(db, kind);
  return {
    candidates: engine.candidates,

    /** The documents of a page, by id. */
    async documents(ids: readonly number[]): Promise<Map<number, FoundDocument>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('searchDocuments as d')
        .select(['d.id', 'd.kind', 'd.sourceId', 'd.ownerId', 'd.title', 'd.body', 'd.datedAt as at'])
        .where('d.id', 'in', ids)
        .execute();
      return new Map(rows.map((row) => [row.id, row]));
    },
  };
}
