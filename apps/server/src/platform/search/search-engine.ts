/**
 * The search's engine (issue 16): a type's newest documents that match every term and that a principal may
 * open, counted and ranked. One implementation per database, each over `search_documents` alone
 * (sqlite-search.ts: FTS5 tables walked by date, decision 0096; postgres-search.ts: pg_trgm and a 'simple'
 * tsvector, decision 0099). What a document stands for and who may open it, the features' search sources say
 * (search-source.ts): the engine gets the visibility as a condition over the document, alias `d`.
 */
import type { TSearchType } from '@portal/contract';
import { type Kysely, SqliteAdapter } from 'kysely';
import type { DatabaseKind } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import type { DB } from '../db/schema.ts';
import { createPostgresSearch, postgresWriting } from './postgres-search.ts';
import { type Candidate, type EngineWriting, split, type Visibility } from './search-matching.ts';
import { createSqliteSearch, sqliteWriting } from './sqlite-search.ts';

export interface SearchEngine {
  /**
   * A type's newest `pool` + 1 documents that match every term and that `visible` keeps: how many (`found`;
   * more than `pool` means there are more) and the first `keep` of the newest `pool` of them by rank (title
   * hits first, then newer before older). Counted and ranked in the database: only the hits a page can show
   * come back.
   */
  candidates(
    type: TSearchType,
    terms: readonly string[],
    visible: Visibility,
    limits: { pool: number; keep: number },
  ): Promise<{ found: number; top: Candidate[] }>;
}

export function createSearchEngine(db: Kysely<DB>, kind: DatabaseKind): SearchEngine {
  const candidates = kind === 'sqlite' ? createSqliteSearch(db) : createPostgresSearch(db);
  return {
    candidates(type, terms, visible, limits) {
      const { long, short } = split(terms);
      if (long.length === 0 && short.length === 0) return Promise.resolve({ found: 0, top: [] });
      return candidates({ type, terms, visible, n: limits.pool + 1, ...limits });
    },
  };
}

/** The engine's part in writing documents, for the database this executor runs on. */
export function writingOf(db: Executor): EngineWriting {
  return db.getExecutor().adapter instanceof SqliteAdapter ? sqliteWriting : postgresWriting;
}
