/** The SearchIndex the features call in their saves, over the documents of platform/search. */
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import {
  type DocumentKind,
  deleteDocuments,
  rebuildDocuments,
  writeDocuments,
} from '../../platform/search/search-documents.ts';
import type { SearchIndex } from './search-index.ts';

export function createSearchIndex(): SearchIndex {
  return {
    refresh: (db, source) =>
      writeDocuments(db, source.kind, [source.id], { rows: source.kind === 'content' && source.table }),
    remove: (db, kind, ids) => deleteDocuments(db, kind, ids),
  };
}

/** Rebuilds the whole index from the tables (CLI, bench); returns the documents per kind. */
export function reindexAll(db: Kysely<DB>): Promise<Record<DocumentKind, number>> {
  return db.transaction().execute((trx) => rebuildDocuments(trx));
}
