/**
 * SQLite's search engine: per type three FTS5 tables whose row ids sort by date (migration 0018, decision
 * 0096), walked newest first; nothing is sorted in SQL.
 */
import type { TSearchType } from '@portal/contract';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Executor } from '../db/executor.ts';
import type { DB } from '../db/schema.ts';
import {
  byRank,
  type Candidate,
  doc,
  type EngineCandidates,
  type EngineWriting,
  type MatchQuery,
  quoted,
  split,
} from './search-matching.ts';

/**
 * Every term is in the title (over `d`): title hits rank first. SQLite asks `instr`, not LIKE: a LIKE with
 * a bound pattern has SQLite prepare the statement again on every run (0.9 ms for this search's), and the
 * folded title and terms are lower case already, so both find the same.
 */
function inTitle(terms: readonly string[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.join(
    terms.map((term) => sql`instr(${doc.foldedTitle}, ${term}) > 0`),
    sql` and `,
  )}`;
}

/**
 * The FTS5 row ids (migration 0018): a document's date in seconds times 2^31 plus its id, so that they sort
 * by date. `key >> SECOND_SHIFT` is the second, `key & ID_MASK` the document's id.
 */
const SECOND_SHIFT = sql.lit(31);
const ID_MASK = sql.lit(2147483647);
/** The document (alias `d`) of an FTS5 row id (`column`: `t.rowid`, `m.k`). */
const documentOf = (column: string) =>
  sql`join search_documents d on ${doc.id} = ${sql.raw(column)} & ${ID_MASK}`;

/** The type's FTS5 table that finds the terms in the text, and the condition over it (alias `alias`). */
function textMatch(type: TSearchType, terms: readonly string[], alias: string) {
  const { long, short } = split(terms);
  const trigram = sql.table(`search_dated_trigram_${type}`);
  const words = sql.table(`search_dated_words_${type}`);
  const wordQuery = short.map((term) => `${quoted(term, '"')}*`).join(' AND ');
  if (long.length === 0) return { fts: words, where: sql`${words} match ${wordQuery}` };
  const shortToo =
    short.length === 0
      ? sql`1 = 1`
      : sql`${sql.raw(alias)}.rowid in (select rowid from ${words} where ${words} match ${wordQuery})`;
  return {
    fts: trigram,
    where: sql`${trigram} match ${long.map((term) => quoted(term, '"')).join(' AND ')} and ${shortToo}`,
  };
}

/** A walk newest first over keys `k`: from `from` on, below `below` when given, ordered by `k desc`. */
type Walk = (from: RawBuilder<unknown>, below?: RawBuilder<unknown>) => RawBuilder<unknown>;

/**
 * CTEs `<name>_first`, the best `keep` of a walk down to the pool's edge, and `<name>`, those and the rest of
 * the last one's second: keys order a second's documents by id, the ranking by their exact time and source,
 * so that second is read whole and ranked in JavaScript (usually it holds no more).
 */
function withTies(walk: Walk, keep: number, name: string) {
  const first = sql.table(`${name}_first`);
  const last = sql`(select min(k) from ${first})`;
  const second = sql`max((select e from edge), (${last} >> ${SECOND_SHIFT}) << ${SECOND_SHIFT})`;
  return sql`${first} as (${walk(sql`(select e from edge)`)} limit ${sql.lit(keep)}),
    ${sql.table(name)} as materialized (select k from ${first} union all
      select k from (${walk(second, last)}))`;
}

/**
 * A type's matches that `visible` keeps, counted up to `n` newest first, and the best `keep` of the newest
 * `n - 1` by rank, with ties of the last second (withTies). The row ids sort by date (migration 0018), so
 * nothing is sorted: the pool is walked newest first for its count and its edge (the oldest it holds: the
 * oldest of the walk, or the one above it when the walk found one more than the pool holds); title hits come
 * from the type's title FTS5 table walked newest first down to the edge, the rest from the pool newest first,
 * each with LIMIT.
 */
function candidatesQuery({ type, terms, visible }: MatchQuery, limits: { n: number; keep: number }) {
  const { long, short } = split(terms);
  const text = textMatch(type, terms, 't');
  const condition = visible === 'all' ? sql<SqlBool>`1 = 1` : visible;
  // a pool checked by source finds it through the narrow index (migration 0018), not the documents' rows
  const source = sql`join search_documents d indexed by search_documents_source_by_id
    on ${doc.id} = t.rowid & ${ID_MASK}`;
  const pool = sql`select t.rowid as k from ${text.fts} t ${visible === 'all' ? sql`` : source}
    where ${text.where} and ${condition} order by t.rowid desc limit ${sql.lit(limits.n)}`;
  // A title hit of the pool: with long terms found through the title FTS5 table (a hit there holds them in
  // its text too) and then checked as the ranking checks it; with short ones only, the pool's documents.
  const title = sql.table(`search_dated_title_${type}`);
  const below = (column: string, key?: RawBuilder<unknown>) =>
    key === undefined ? sql`` : sql`and ${sql.raw(column)} < ${key}`;
  const titles: Walk = (from, before) =>
    long.length > 0
      ? sql`select h.rowid as k from ${title} h ${documentOf('h.rowid')}
          where ${title} match ${long.map((term) => quoted(term, '"')).join(' AND ')}
            and h.rowid >= ${from} ${below('h.rowid', before)}
            and ${short.length > 0 ? sql`h.rowid in (select k from m)` : condition}
            and ${inTitle(terms)}
          order by h.rowid desc`
      : sql`select m.k as k from m ${documentOf('m.k')}
          where m.k >= ${from} ${below('m.k', before)} and ${inTitle(terms)} order by m.k desc`;
  // the others, needed only when the title hits do not fill the page
  const others: Walk = (from, before) => sql`select k from m
    where (select count(*) from titles_first) < ${sql.lit(limits.keep)} and k >= ${from} ${below('k', before)}
      and k not in (select k from titles)
    order by k desc`;
  return sql<Candidate & { found: number }>`with m as materialized (${pool}),
    edge as materialized (select min(k) + (count(*) >= ${sql.lit(limits.n)}) as e from m),
    ${withTies(titles, limits.keep, 'titles')},
    ${withTies(others, limits.keep, 'others')}
    select ${doc.id} as id, ${doc.datedAt} as at, ${doc.sourceId} as sid, x.hit as "inTitle",
      (select count(*) from m) as found
    from (select k, 1 as hit from titles union all select k, 0 as hit from others) x ${documentOf('x.k')}`;
}

export function createSqliteSearch(db: Kysely<DB>): EngineCandidates {
  return async (query) => {
    // at least one: the count comes with the candidates. The limits are written into the statement: SQLite
    // took 40 times as long with them bound (0.8 against 0.02 ms for one match of a type).
    const keep = Math.max(Math.trunc(query.keep), 1);
    const { rows } = await candidatesQuery(query, { n: Math.trunc(query.n), keep }).execute(db);
    const top = rows
      .map(({ id, at, sid, inTitle }) => ({ id, at, sid, inTitle, time: at.getTime() }))
      .sort(byRank)
      .slice(0, query.keep)
      .map(({ id, at, sid, inTitle }) => ({ id, at, sid, inTitle }));
    return { found: rows[0]?.found ?? 0, top };
  };
}

/**
 * The search's FTS5 tables (migrations 0011, 0018), whichever the schema holds. A rebuild empties each at
 * once ('delete-all': deleting 60,000 documents one by one left as many tombstones and took a quarter of the
 * rebuild) and merges it into one segment when written ('optimize'): a walk newest first reads every
 * segment's part of a term's list, and a title hit then cost 0.36 ms to find instead of 0.06 (decision 0096).
 */
async function ftsTables(db: Executor): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name as name from sqlite_master
    where type = 'table' and substr(name, 1, 7) = 'search_' and sql like '%using fts5%'`.execute(db);
  return rows.map((row) => row.name);
}

export const sqliteWriting: EngineWriting = {
  joined: (text) => sql<string>`group_concat(${text}, ' ')`,
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
