/**
 * SQLite's search engine: per type a trigram FTS5 table over the term text whose row ids sort by date
 * (migrations 0018, 0022; decision 0096), walked newest first down to the pool's size; the pool's documents
 * are then measured for the ranking (search-matching.ts).
 */
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Executor } from '../db/executor.ts';
import type { DB } from '../db/schema.ts';
import {
  candidateOf,
  doc,
  type EngineCandidates,
  type EngineWriting,
  matchTree,
  measures,
  patternsOf,
  quoted,
} from './search-matching.ts';

/**
 * The FTS5 row ids (migration 0018): a document's date in seconds times 2^31 plus its id, so that they sort
 * by date. `key & ID_MASK` is the document's id.
 */
const ID_MASK = sql.lit(2147483647);

/** The FTS5 query: each pattern a phrase (a substring, with the trigram tokenizer), in AND and OR. */
const ftsQuery = (query: Parameters<EngineCandidates>[0]) =>
  matchTree(
    query.matching,
    (text) => quoted(text, '"'),
    (parts) => (parts.length === 1 ? (parts[0] ?? '') : `(${parts.join(' AND ')})`),
    (parts) => (parts.length === 1 ? (parts[0] ?? '') : `(${parts.join(' OR ')})`),
  );

export function createSqliteSearch(db: Kysely<DB>): EngineCandidates {
  return async (query) => {
    const { type, visible } = query;
    const patterns = patternsOf(query.matching.words);
    const fts = sql.table(`search_dated_trigram_${type}`);
    const condition = visible === 'all' ? sql<SqlBool>`1 = 1` : visible;
    // a pool checked by source finds it through the narrow index (migration 0018), not the documents' rows
    const source =
      visible === 'all'
        ? sql``
        : sql`join search_documents d indexed by search_documents_source_by_id on ${doc.id} = t.rowid & ${ID_MASK}`;
    // The limit is written into the statement: SQLite took 40 times as long with it bound.
    const { rows } = await sql<Record<string, unknown>>`with m as materialized (select t.rowid as k
        from ${fts} t ${source} where ${fts} match ${ftsQuery(query)} and ${condition}
        order by t.rowid desc limit ${sql.lit(Math.trunc(query.n))})
      select ${doc.id} as id, cast(round(unixepoch(${doc.datedAt}, 'subsec') * 1000) as integer) as time,
        ${doc.sourceId} as sid, ${measures('instr', patterns)}
      from m join search_documents d on ${doc.id} = m.k & ${ID_MASK} order by m.k desc`.execute(db);
    return rows.map((row) => candidateOf(row, patterns.length));
  };
}

/**
 * The search's FTS5 tables (migrations 0011, 0018, 0022), whichever the schema holds. A rebuild empties each
 * at once ('delete-all': deleting 60,000 documents one by one left as many tombstones and took a quarter of
 * the rebuild) and merges it into one segment when written ('optimize'): a walk newest first reads every
 * segment's part of a term's list (decision 0096).
 */
async function ftsTables(db: Executor): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name as name from sqlite_master
    where type = 'table' and substr(name, 1, 7) = 'search_' and sql like '%using fts5%'`.execute(db);
  return rows.map((row) => row.name);
}

export const sqliteWriting: EngineWriting = {
  joined: (text) => sql<string>`group_concat(${text}, char(31))`,
  async rebuild(db, write) {
    // emptied first: the documents' delete triggers then have nothing to take out
    const fts = await ftsTables(db);
    for (const table of fts)
      await sql`insert into ${sql.table(table)}(${sql.table(table)}) values ('delete-all')`.execute(db);
    const result = await write();
    for (const table of fts)
      await sql`insert into ${sql.table(table)}(${sql.table(table)}) values ('optimize')`.execute(db);
    return result;
  },
};
