/**
 * The search's engine (issues 16, 33): a type's newest documents that match a query and that a principal may
 * open, with how each of the query's patterns occurs in them. One implementation per database, each over
 * `search_documents` alone (sqlite-search.ts: FTS5 tables walked by date, decision 0096; postgres-search.ts:
 * pg_trgm, decision 0099); both match the same substrings of the same term text, so both find the same.
 * What a document stands for and who may open it, the features' search sources say (search-source.ts): the
 * engine gets the visibility as a condition over the document, alias `d`. The ranking is ranking.ts's.
 */
import type { TSearchType } from '@portal/contract';
import { type Kysely, SqliteAdapter } from 'kysely';
import type { DatabaseKind } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import type { DB } from '../db/schema.ts';
import { createPostgresSearch, postgresWriting } from './postgres-search.ts';
import {
  type Candidate,
  type EngineWriting,
  type Matching,
  required,
  type Visibility,
} from './search-matching.ts';
import { createSqliteSearch, sqliteWriting } from './sqlite-search.ts';

export interface SearchEngine {
  /**
   * A type's newest `pool` + 1 documents that match and that `visible` keeps: how many (`found`; more than
   * `pool` means there are more) and the newest `pool` of them, measured.
   */
  candidates(
    type: TSearchType,
    matching: Matching,
    visible: Visibility,
    pool: number,
  ): Promise<{ found: number; candidates: Candidate[] }>;
}

export function createSearchEngine(db: Kysely<DB>, kind: DatabaseKind): SearchEngine {
  const candidates = kind === 'sqlite' ? createSqliteSearch(db) : createPostgresSearch(db);
  return {
    async candidates(type, matching, visible, pool) {
      if (required(matching).length === 0) return { found: 0, candidates: [] };
      const found = await candidates({ type, matching, visible, n: pool + 1 });
      return { found: found.length, candidates: found.slice(0, pool) };
    },
  };
}

/** The engine's part in writing documents, for the database this executor runs on. */
export function writingOf(db: Executor): EngineWriting {
  return db.getExecutor().adapter instanceof SqliteAdapter ? sqliteWriting : postgresWriting;
}
