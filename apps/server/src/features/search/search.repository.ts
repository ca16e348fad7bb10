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
  const { long, short } = split(terms);
  const trigram = sql.table(`search_trigram_${type}`);
  const words = sql.table(`search_words_${type}`);
  const wordQuery = short.map((term) => `${quoted(term, '"')}*`).join(' AND ');
  if (long.length === 0) {
    return sql<Candidate>`select ${CANDIDATE_COLUMNS(terms)} from ${words} t
      join search_documents d on d.id = t.rowid
      where ${words} match ${wordQuery} and ${visible} order by t.rowid desc limit ${n}`;
  }
  const shortToo =
    short.length === 0
      ? sql`1 = 1`
      : sql`t.rowid in (select rowid from ${words} where ${words} match ${wordQuery})`;
  return sql<Candidate>`select ${CANDIDATE_COLUMNS(terms)} from ${trigram} t
    join search_documents d on d.id = t.rowid
    where ${trigram} match ${long.map((term) => quoted(term, '"')).join(' AND ')} and ${shortToo}
      and ${visible}
    order by t.rowid desc limit ${n}`;
}

/**
 * PostgreSQL: the conditions over `d` for one type. `walk` hides the text from its indexes (`|| ''`), so the
 * only way left is the type's documents newest first by (type, id).
 */
function postgresMatch(type: TSearchType, terms: readonly string[], walk: boolean): Expression<SqlBool> {
  const { long, short } = split(terms);
  const text = walk ? sql`(d.folded_text || '')` : sql`d.folded_text`;
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
    /** The newest `n` documents of a type that match every term and that the condition (over `d`) keeps. */
    async candidates(
      type: TSearchType,
      terms: readonly string[],
      visible: Expression<SqlBool>,
      n: number,
    ): Promise<Candidate[]> {
      const { long, short } = split(terms);
      if (long.length === 0 && short.length === 0) return [];
      if (kind === 'sqlite') return (await sqliteCandidates(type, terms, visible, n).execute(db)).rows;
      // PostgreSQL: how many match, up to `n`, through the type's trigram index (no visibility: cheap) …
      const { rows: counted } = await sql<{ n: number | string }>`select count(*) as n from (select 1
        from search_documents d where ${postgresMatch(type, terms, false)} limit ${n}) m`.execute(db);
      const common = Number(counted[0]?.n ?? 0) >= n;
      // … a rare word: all of its matches through that index; a common one: its newest, found soon when
      // walking the type's documents newest first
      const { rows } = await sql<Candidate>`select ${CANDIDATE_COLUMNS(terms)} from search_documents d
        where ${postgresMatch(type, terms, common)} and ${visible}
        ${common ? sql`order by d.id desc` : sql``} limit ${n}`.execute(db);
      return rows;
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
