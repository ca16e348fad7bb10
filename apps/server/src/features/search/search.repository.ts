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

/** A matching document as the page is ranked: title hits first, then newer before older. */
export interface Candidate {
  id: number;
  at: Date | string;
  sid: number;
  /** 1 when every term is in the title */
  inTitle: number;
}

export interface HitRow {
  id: number;
  kind: DocumentKind;
  sid: number;
  /** a forum post's thread; the first row of a block of table rows */
  owner: number | null;
  title: string;
  body: string;
  at: Date | string;
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

/** 1 when every term is in the title: title hits rank first. */
function titleHit(terms: readonly string[]): RawBuilder<number> {
  const all = sql.join(
    terms.map((term) => like(sql`d.folded_title`, term)),
    sql` and `,
  );
  return sql<number>`case when ${all} then 1 else 0 end`;
}

const CANDIDATE_COLUMNS = (terms: readonly string[]) =>
  sql`d.id as id, d.dated_at as at, d.source_id as sid, ${titleHit(terms)} as "inTitle"`;

/** SQLite: the type's FTS5 table that finds the terms, and the condition over it (alias `t`). */
function sqliteMatch(type: TSearchType, terms: readonly string[]) {
  const { long, short } = split(terms);
  const trigram = sql.table(`search_trigram_${type}`);
  const words = sql.table(`search_words_${type}`);
  const wordQuery = short.map((term) => `${quoted(term, '"')}*`).join(' AND ');
  if (long.length === 0) return { fts: words, where: sql`${words} match ${wordQuery}` };
  const shortToo =
    short.length === 0
      ? sql`1 = 1`
      : sql`t.rowid in (select rowid from ${words} where ${words} match ${wordQuery})`;
  return {
    fts: trigram,
    where: sql`${trigram} match ${long.map((term) => quoted(term, '"')).join(' AND ')} and ${shortToo}`,
  };
}

/**
 * SQLite: the type's FTS5 tables give their matches newest (highest rowid) first without reading the rest,
 * so a common word costs as little as a rare one; each match is joined to its document by its id.
 */
function sqliteCandidates(
  type: TSearchType,
  terms: readonly string[],
  visible: Expression<SqlBool>,
  n: number,
) {
  const { fts, where } = sqliteMatch(type, terms);
  return sql<Candidate>`select ${CANDIDATE_COLUMNS(terms)} from ${fts} t
    join search_documents d on d.id = t.rowid
    where ${where} and ${visible}
    order by t.rowid desc limit ${n}`;
}

/**
 * PostgreSQL: the conditions over `d` for one type. The text is matched as it is, so that the planner sees
 * from its statistics how common a term is: a common one is found soonest by walking the type's documents
 * newest first (the type's partial index on `id`, migration 0014); a rare one through the trigram index.
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
      const condition = visible === 'all' ? sql<SqlBool>`1 = 1` : visible;
      // PostgreSQL: how many match, up to `n`, without visibility, from the type's trigram index: cheap, and
      // when the type is visible as a whole the count itself. SQLite counts in the one pass below, visible
      // as a whole or not: a count from the FTS5 table first walked the same matches twice (0.2 ms of 2.3
      // for 'glas' in blog, events and forums; decision 0093).
      let counted: number | undefined;
      let newest: (limit: number) => RawBuilder<Candidate>;
      if (kind === 'sqlite') {
        newest = (limit) => sqliteCandidates(type, terms, condition, limit);
      } else {
        const { rows } = await sql<{ n: number | string }>`select count(*) as n from (select 1
          from search_documents d where ${postgresMatch(type, terms)} limit ${n}) m`.execute(db);
        counted = Number(rows[0]?.n ?? 0);
        // a rare word: all of its matches through that index; a common one: its newest, found soon when
        // walking the type's documents newest first
        const order = counted >= n ? sql`order by d.id desc` : sql``;
        newest = (limit) => sql<Candidate>`select ${CANDIDATE_COLUMNS(terms)} from search_documents d
          where ${postgresMatch(type, terms)} and ${condition} ${order} limit ${limit}`;
      }
      const ranked = (from: RawBuilder<unknown>, keep: number) => sql`from (${from}) c
        order by c."inTitle" desc, c.at desc, c.sid desc, c.id limit ${keep}`;
      if (visible === 'all' && counted !== undefined) {
        const { rows } = await sql<Candidate>`select c.id as id, c.at as at, c.sid as sid,
          c."inTitle" as "inTitle" ${ranked(newest(limits.pool), limits.keep)}`.execute(db);
        return { found: counted, top: rows };
      }
      // Counted with visibility in one pass over the matches, kept aside once (a window, `count(*) over ()`,
      // cost SQLite a fifth more: 2.1 against 1.7 ms for 'glas' as a member among 10,000 posts; the same on
      // PostgreSQL): their number, the oldest, and the best `keep` and one more, in case the oldest is among
      // them and not in the pool.
      type Counted = Candidate & { found: number | string; oldest: number };
      const { rows } = await sql<Counted>`with m as materialized (${newest(n)})
        select c.id as id, c.at as at, c.sid as sid, c."inTitle" as "inTitle",
          (select count(*) from m) as found, (select min(m.id) from m) as oldest
        ${ranked(sql`select * from m`, limits.keep + 1)}`.execute(db);
      const found = Number(rows[0]?.found ?? 0);
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
    ): Promise<Map<string, string>> {
      const found = new Map<string, string>();
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
          if (row) found.set(`${block.item}:${block.first}`, row.cells);
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
    ): Promise<Map<number, { categoryId: number; title: string; csvRowCount: number }>> {
      if (itemIds.length === 0 || visible.length === 0) return new Map();
      const rows = await db
        .selectFrom('contentItemCategories as c')
        .innerJoin('contentItems as i', 'i.id', 'c.contentItemId')
        .select([
          'c.contentItemId',
          'i.title',
          'i.csvRowCount',
          (eb) => eb.fn.min<number>('c.categoryId').as('categoryId'),
        ])
        .where('c.contentItemId', 'in', itemIds)
        .where('c.categoryId', 'in', visible)
        .groupBy(['c.contentItemId', 'i.title', 'i.csvRowCount'])
        .execute();
      return new Map(
        rows.map((row) => [
          row.contentItemId,
          { categoryId: Number(row.categoryId), title: row.title, csvRowCount: Number(row.csvRowCount) },
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
            .select(eb.fn.countAll<number | string>().as('n'))
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
      return new Map(rows.map((row) => [row.id, Number(row.before ?? 0)]));
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
