/** The SearchIndex the features call in their saves, over the documents of platform/search. */
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { createDocumentIndex } from '../../platform/search/search-documents.ts';
import type { SearchSource } from '../../platform/search/search-source.ts';
import type { SearchIndex } from './search-index.ts';

export function createSearchIndex(sources: readonly SearchSource[]): SearchIndex {
  const index = createDocumentIndex(sources);
  return {
    refresh: (db, source) => index.refresh(db, source.kind, [source.id]),
    remove: (db, kind, ids) => index.remove(db, kind, ids),
    writePart: (db, kind, write) => index.writePart(db, kind, write),
    countPart: (db, kind, id, owners) => index.countPart(db, kind, id, owners),
    dropPart: (db, kind, id, owners) => index.dropPart(db, kind, id, owners),
  };
}

/** Rebuilds the whole index from the tables (CLI, bench); returns the sources per kind of document. */
export function reindexAll(
  db: Kysely<DB>,
  sources: readonly SearchSource[],
): Promise<Record<string, number>> {
  return db.transaction().execute((trx) => createDocumentIndex(sources).rebuild(trx));
}
