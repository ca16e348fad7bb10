/**
 * Every query of the search: a type's newest matching documents a principal may open, the documents of a
 * page, and what the hits link to.
 */
import type { TSearchType } from '@portal/contract';
import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DatabaseKind } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { DocumentKind } from '../../platform/search/search-documents.ts';

/** Terms shorter than a trigram: matched as word prefixes. */
const TRIGRAM = 3;
/** Table rows read at a time when looking for a block's matching row. */
const ROWS_READ_AT_ONCE = 50;
/** PostgreSQL: a type's newest documents sampled for a search of `n` matches: `n / SAMPLE` (decision 0099). */
const SAMPLE = 4;
/** PostgreSQL: at least one in DENSE of the sample matching, a type is walked by id for its newest matches. */
const DENSE = 3;

/** A matching document as the page is ranked: title hits first, then newer before older. */
export interface Candidate {
  id: number;
  at: Date;
  sid: number;
  /** 1 when every term is in the title */
  inTitle: number;
}

export type Ranked = Candidate & { time: number };

/** Rank: title hits first, then newer before older (to the millisecond), then a stable order. */
export function byRank(a: Ranked, b: Ranked): number {
  return b.inTitle - a.inTitle || b.time - a.time || b.sid - a.sid || a.id - b.id;
}

export interface HitRow {
  id: number;
  kind: DocumentKind;
  sid: number;
  /** a forum post's thread; the first row of a block of table rows */
  owner: number | null;
  title: string;
  body: string;
  at: Date;
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);
const like = (column: RawBuilder<unknown>, term: string) =>
  sql<SqlBool>`${column} like ${`%${escapeLike(term)}%`} escape ${sql.lit('\\')}`;

/** An FTS5 string (SQLite) or tsquery lexeme (PostgreSQL) in quotes, its own quotes doubled. */
const quoted = (term: string, quote: string) => `${quote}${term.replaceAll(quote, quote + quote)}${quote}`;

/** Long terms occur anywhere (trigrams), short ones at a word's start; short ones without a letter never. */
function split(terms: readonly string[]) {
  return {
    long: terms.filter((term) => term.length >= TRIGRAM),
    short: terms.filter((term) => term.length < TRIGRAM && /[\p{L}\p{N}]/u.test(term)),
  };
}

/**
 * Every term is in the title (over `d`): title hits rank first. SQLite asks `instr`, not LIKE: a LIKE with
 * a bound pattern has SQLite prepare the statement again on every run (0.9 ms for this search's), and the
 * folded title and terms are lower case already, so both find the same.
 */
function inTitle(terms: readonly string[], kind: DatabaseKind): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.join(
    terms.map((term) =>
      kind === 'sqlite' ? sql`instr(d.folded_title, ${term}) > 0` : like(sql`d.folded_title`, term),
    ),
    sql` and `,
  )}`;
}

/** PostgreSQL: 1 when every term is in the title. */
function titleHit(terms: readonly string[]): RawBuilder<number> {
  return sql<number>`case when ${inTitle(terms, 'postgres')} then 1 else 0 end`;
}

const CANDIDATE_COLUMNS = (terms: readonly string[]) =>
  sql`d.id as id, d.dated_at as at, d.source_id as sid, ${titleHit(terms)} as "inTitle"`;

/**
 * SQLite's FTS5 row ids (migration 0018): a document's date in seconds times 2^31 plus its id, so that they
 * sort by date. `key >> SECOND_SHIFT` is the second, `key & ID_MASK` the document's id.
 */
const SECOND_SHIFT = sql.lit(31);
const ID_MASK = sql.lit(2147483647);
/** The document (alias `d`) of an FTS5 row id (`column`: `t.rowid`, `m.k`). */
const documentOf = (column: string) => sql`join search_documents d on d.id = ${sql.raw(column)} & ${ID_MASK}`;

/** SQLite: the type's FTS5 table that finds the terms in the text, and the condition over it (alias `alias`). */
function sqliteMatch(type: TSearchType, terms: readonly string[], alias: string) {
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
 * SQLite: a type's matches that `visible` keeps, counted up to `n` newest first, and the best `keep` of the
 * newest `n - 1` by rank, with ties of the last second (withTies). The row ids sort by date (migration 0018),
 * so nothing is sorted: the pool is walked newest first for its count and its edge (the oldest it holds: the
 * oldest of the walk, or the one above it when the walk found one more than the pool holds);
 * title hits come from the type's title FTS5 table walked newest first down to the edge, the rest from the
 * pool newest first, each with LIMIT.
 */
function sqliteCandidates(
  type: TSearchType,
  terms: readonly string[],
  visible: Expression<SqlBool> | 'all',
  limits: { n: number; keep: number },
) {
  const { long, short } = split(terms);
  const text = sqliteMatch(type, terms, 't');
  const condition = visible === 'all' ? sql<SqlBool>`1 = 1` : visible;
  // a pool checked by source finds it through the narrow index (migration 0018), not the documents' rows
  const source = sql`join search_documents d indexed by search_documents_source_by_id
    on d.id = t.rowid & ${ID_MASK}`;
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
            and ${inTitle(terms, 'sqlite')}
          order by h.rowid desc`
      : sql`select m.k as k from m ${documentOf('m.k')}
          where m.k >= ${from} ${below('m.k', before)} and ${inTitle(terms, 'sqlite')} order by m.k desc`;
  // the others, needed only when the title hits do not fill the page
  const others: Walk = (from, before) => sql`select k from m
    where (select count(*) from titles_first) < ${sql.lit(limits.keep)} and k >= ${from} ${below('k', before)}
      and k not in (select k from titles)
    order by k desc`;
  return sql<Candidate & { found: number }>`with m as materialized (${pool}),
    edge as materialized (select min(k) + (count(*) >= ${sql.lit(limits.n)}) as e from m),
    ${withTies(titles, limits.keep, 'titles')},
    ${withTies(others, limits.keep, 'others')}
    select d.id as id, d.dated_at as at, d.source_id as sid, x.hit as "inTitle",
      (select count(*) from m) as found
    from (select k, 1 as hit from titles union all select k, 0 as hit from others) x ${documentOf('x.k')}`;
}

/**
 * PostgreSQL: the conditions over `d` for one type. The text is matched as it is, so that the planner sees
 * from its statistics how common a term is: a common one is found soonest by walking the type's documents
 * newest first (the type's partial index on `id`, migration 0014); a rare one through the trigram index
 * (postgresOrder overrules it where the newest documents tell otherwise).
 * (Hiding the text from its indexes with `|| ''` made the planner take every match for rare: it read and
 * sorted all 10,000 posts for 'glas'.)
 */
function postgresMatch(type: TSearchType, terms: readonly string[]): Expression<SqlBool> {
  const { long, short } = split(terms);
  const text = sql`d.folded_text`;
  // the type as a literal, so that the planner picks the type's own partial indexes
  const conditions: Expression<SqlBool>[] = [sql<SqlBool>`d.type = ${sql.lit(type)}`];
  for (const term of long) conditions.push(like(text, term));
  if (short.length > 0) {
    const query = short.map((term) => `${quoted(term.replace(/[^\p{L}\p{N}]/gu, ''), "'")}:*`).join(' & ');
    conditions.push(sql`to_tsvector('simple', ${text}) @@ to_tsquery('simple', ${query})`);
  }
  return sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
}

/**
 * PostgreSQL: how a type's newest `n` matches are found, as the ORDER BY of the query that reads them.
 * - Terms of three letters or more (decision 0099): the type's newest `n / SAMPLE` documents are read as a
 *   sample (a few hundred short rows). Where at least one in DENSE of them matches, or the sample is the whole
 *   type, the type is walked by id newest first down to the `n`th match (as the planner goes for a word it
 *   takes for common). Where fewer match, its matches come from the trigram index and are sorted by id:
 *   `d.id + 0` keeps the planner off walking the id index, which it takes for a word it thinks common, and
 *   which read the 5,000 newest posts of a long thread without 'glas' before finding one.
 * - Short terms: their `to_tsvector` costs 30 µs a row, too dear to sample with: the matches are counted, up
 *   to `n`, through the words index (decision 0079); fewer are all read through it, as many by the walk.
 */
async function postgresOrder(
  db: Kysely<DB>,
  type: TSearchType,
  terms: readonly string[],
  n: number,
): Promise<RawBuilder<unknown>> {
  const match = postgresMatch(type, terms);
  const walk = sql`order by d.id desc`;
  if (split(terms).short.length > 0) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1
      from search_documents d where ${match} limit ${n}) m`.execute(db);
    return (rows[0]?.n ?? 0) >= n ? walk : sql``;
  }
  const size = Math.max(Math.ceil(n / SAMPLE), 1);
  const { rows } = await sql<{ rows: number; hits: number }>`select count(*) as rows,
      count(*) filter (where ${match}) as hits
    from (select d.type, d.folded_text from search_documents d where d.type = ${sql.lit(type)}
      order by d.id desc limit ${size}) d`.execute(db);
  const read = rows[0]?.rows ?? 0;
  const hits = rows[0]?.hits ?? 0;
  return read < size || hits * DENSE >= read ? walk : sql`order by d.id + 0 desc`;
}

export function createSearchRepository(db: Kysely<DB>, kind: DatabaseKind) {
  return {
    /**
     * A type's newest `pool` + 1 documents that match every term and that `visible` (a condition over `d`, or
     * 'all') keeps: how many (`found`; more than `pool` means there are more) and the first `keep` of the
     * newest `pool` of them by rank (title hits first, then newer before older). Counted and ranked in the
     * database: only the hits a page can show come back.
     */
    async candidates(
      type: TSearchType,
      terms: readonly string[],
      visible: Expression<SqlBool> | 'all',
      limits: { pool: number; keep: number },
    ): Promise<{ found: number; top: Candidate[] }> {
      const { long, short } = split(terms);
      if (long.length === 0 && short.length === 0) return { found: 0, top: [] };
      const n = limits.pool + 1;
      if (kind === 'sqlite') {
        // at least one: the count comes with the candidates. The limits are written into the statement:
        // SQLite took 40 times as long with them bound (0.8 against 0.02 ms for one match of a type).
        const keep = Math.max(Math.trunc(limits.keep), 1);
        const { rows } = await sqliteCandidates(type, terms, visible, { n: Math.trunc(n), keep }).execute(db);
        const top = rows
          .map(({ id, at, sid, inTitle }) => ({ id, at, sid, inTitle, time: at.getTime() }))
          .sort(byRank)
          .slice(0, limits.keep)
          .map(({ id, at, sid, inTitle }) => ({ id, at, sid, inTitle }));
        return { found: rows[0]?.found ?? 0, top };
      }
      const condition = visible === 'all' ? sql<SqlBool>`1 = 1` : visible;
      // Counted with visibility in one pass over the matches, kept aside once (a window, `count(*) over ()`,
      // cost a fifth more): their number, the oldest, and the best `keep` and one more, in case the oldest is
      // among them and not in the pool.
      const order = await postgresOrder(db, type, terms, n);
      type Counted = Candidate & { found: number; oldest: number };
      const { rows } = await sql<Counted>`with m as materialized (select ${CANDIDATE_COLUMNS(terms)}
          from search_documents d where ${postgresMatch(type, terms)} and ${condition} ${order} limit ${n})
        select c.id as id, c.at as at, c.sid as sid, c."inTitle" as "inTitle",
          (select count(*) from m) as found, (select min(m.id) from m) as oldest
        from m c order by c."inTitle" desc, c.at desc, c.sid desc, c.id limit ${limits.keep + 1}`.execute(db);
      const found = rows[0]?.found ?? 0;
      const outside = found > limits.pool ? rows[0]?.oldest : undefined;
      return {
        found,
        top: rows
          .filter((row) => row.id !== outside)
          .slice(0, limits.keep)
          .map(({ id, at, sid, inTitle }) => ({ id, at, sid, inTitle })),
      };
    },

    /** The documents of a page, by id. */
    async documents(ids: readonly number[]): Promise<Map<number, HitRow>> {
      if (ids.length === 0) return new Map();
      const { rows } = await sql<HitRow>`select d.id as id, d.kind as kind, d.source_id as sid,
          d.owner_id as owner, d.title as title, d.body as body, d.dated_at as at
        from search_documents d where d.id in (${sql.join(ids)})`.execute(db);
      return new Map(rows.map((row) => [row.id, row]));
    },

    /**
     * Per block of table rows (`item:first`) the cells of its first row that `matches` (its `search` text),
     * read a few rows at a time: a common word is in the block's first row, so all blocks start together.
     */
    async blockRows(
      blocks: readonly { item: number; first: number; size: number }[],
      matches: (search: string) => boolean,
    ): Promise<Map<string, { rowIndex: number; cells: string }>> {
      const found = new Map<string, { rowIndex: number; cells: string }>();
      const read = async (parts: readonly { item: number; from: number; to: number }[]) => {
        if (parts.length === 0) return [];
        return db
          .selectFrom('contentItemRows')
          .select(['contentItemId', 'rowIndex', 'cells', 'search'])
          .where((eb) =>
            eb.or(
              parts.map((part) =>
                eb.and([
                  eb('contentItemId', '=', part.item),
                  eb('rowIndex', '>=', part.from),
                  eb('rowIndex', '<', part.to),
                ]),
              ),
            ),
          )
          .orderBy('rowIndex')
          .execute();
      };
      let pending = blocks.map((block) => ({ ...block, from: block.first }));
      while (pending.length > 0) {
        const parts = pending.map((block) => ({
          item: block.item,
          from: block.from,
          to: Math.min(block.from + ROWS_READ_AT_ONCE, block.first + block.size),
        }));
        const rows = await read(parts);
        pending = pending.flatMap((block, index) => {
          const part = parts[index];
          const row = rows.find(
            (candidate) =>
              candidate.contentItemId === block.item &&
              candidate.rowIndex >= block.from &&
              candidate.rowIndex < (part?.to ?? 0) &&
              matches(candidate.search),
          );
          if (row) found.set(`${block.item}:${block.first}`, { rowIndex: row.rowIndex, cells: row.cells });
          const next = part?.to ?? 0;
          return row || next >= block.first + block.size ? [] : [{ ...block, from: next }];
        });
      }
      return found;
    },

    /**
     * Per item its live title (a table row's document holds its cells only) and a visible category (the
     * lowest id): the content page that opens it. Items in no visible category are left out.
     */
    async contentItems(
      itemIds: readonly number[],
      visible: readonly number[],
    ): Promise<Map<number, { categoryId: number; title: string; csvRowCount: number; csvRowBase: number }>> {
      if (itemIds.length === 0 || visible.length === 0) return new Map();
      const rows = await db
        .selectFrom('contentItemCategories as c')
        .innerJoin('contentItems as i', 'i.id', 'c.contentItemId')
        .select([
          'c.contentItemId',
          'i.title',
          'i.csvRowCount',
          'i.csvRowBase',
          (eb) => eb.fn.min<number>('c.categoryId').as('categoryId'),
        ])
        .where('c.contentItemId', 'in', itemIds)
        .where('c.categoryId', 'in', visible)
        .groupBy(['c.contentItemId', 'i.title', 'i.csvRowCount', 'i.csvRowBase'])
        .execute();
      return new Map(
        rows.map((row) => [
          row.contentItemId,
          {
            categoryId: row.categoryId,
            title: row.title,
            csvRowCount: row.csvRowCount,
            csvRowBase: row.csvRowBase,
          },
        ]),
      );
    },

    /** How many posts come before each post in its thread (oldest first, as the thread pages them). */
    async postsBefore(ids: readonly number[]): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('forumPosts as p')
        .select((eb) => [
          'p.id',
          eb
            .selectFrom('forumPosts as o')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('o.threadId', '=', 'p.threadId')
            .where((before) =>
              before.or([
                before('o.createdAt', '<', before.ref('p.createdAt')),
                before.and([
                  before('o.createdAt', '=', before.ref('p.createdAt')),
                  before('o.id', '<', before.ref('p.id')),
                ]),
              ]),
            )
            .as('before'),
        ])
        .where('p.id', 'in', ids)
        .execute();
      return new Map(rows.map((row) => [row.id, row.before ?? 0]));
    },

    async threads(ids: readonly number[]): Promise<Map<number, { forumId: number; name: string }>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('forumThreads')
        .select(['id', 'forumId', 'name'])
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((row) => [row.id, row]));
    },

    async mediaCategories(ids: readonly number[]): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('mediaFiles')
        .select(['id', 'categoryId'])
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((row) => [row.id, row.categoryId]));
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
