/** Every query of the search: matching folded terms in the index, counting and paging the visible hits. */
import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DatabaseKind } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { DocumentKind } from '../../platform/search/search-documents.ts';

/** Terms shorter than a trigram: matched as word prefixes. */
const TRIGRAM = 3;

export interface HitRow {
  id: number;
  kind: DocumentKind;
  sid: number;
  owner: number | null;
  title: string;
  body: string;
  at: Date | string;
}

const like = (column: RawBuilder<unknown>, term: string) =>
  sql<SqlBool>`${column} like ${`%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`} escape ${sql.lit('\\')}`;

/** An FTS5 string (SQLite) or tsquery lexeme (PostgreSQL) in quotes, its own quotes doubled. */
const quoted = (term: string, quote: string) => `${quote}${term.replaceAll(quote, quote + quote)}${quote}`;

/** Every term must occur: long ones anywhere (trigrams), short ones at a word's start. */
function matchAll(kind: DatabaseKind, terms: readonly string[]): Expression<SqlBool> {
  const long = terms.filter((term) => term.length >= TRIGRAM);
  const short = terms.filter((term) => term.length < TRIGRAM && /[\p{L}\p{N}]/u.test(term));
  const conditions: Expression<SqlBool>[] = [];
  if (kind === 'sqlite') {
    if (long.length > 0) {
      const query = long.map((term) => quoted(term, '"')).join(' AND ');
      conditions.push(sql`d.id in (select rowid from search_trigram where search_trigram match ${query})`);
    }
    if (short.length > 0) {
      const query = short.map((term) => `${quoted(term, '"')}*`).join(' AND ');
      conditions.push(sql`d.id in (select rowid from search_words where search_words match ${query})`);
    }
  } else {
    for (const term of long) conditions.push(like(sql`d.folded_text`, term));
    if (short.length > 0) {
      const query = short.map((term) => `${quoted(term.replace(/[^\p{L}\p{N}]/gu, ''), "'")}:*`).join(' & ');
      conditions.push(sql`to_tsvector('simple', d.folded_text) @@ to_tsquery('simple', ${query})`);
    }
  }
  return conditions.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
}

/** 1 when every term is in the title: title hits rank first. */
function titleHit(terms: readonly string[]): RawBuilder<number> {
  const all = sql.join(
    terms.map((term) => like(sql`d.folded_title`, term)),
    sql` and `,
  );
  return sql<number>`case when ${all} then 1 else 0 end`;
}

export interface SearchWhere {
  terms: readonly string[];
  /** the visibility condition over alias `d` */
  visible: Expression<SqlBool>;
}

export function createSearchRepository(db: Kysely<DB>, kind: DatabaseKind) {
  const where = (query: SearchWhere) => sql<SqlBool>`${matchAll(kind, query.terms)} and (${query.visible})`;
  return {
    async countByType(query: SearchWhere): Promise<Map<string, number>> {
      const { rows } = await sql<{ type: string; n: number | string }>`select d.type as type, count(*) as n
        from search_documents d where ${where(query)} group by d.type`.execute(db);
      return new Map(rows.map((row) => [row.type, Number(row.n)]));
    },

    /** Title hits first, then newer before older; a table's rows in their order. */
    async page(
      query: SearchWhere,
      type: string | undefined,
      offset: number,
      limit: number,
    ): Promise<HitRow[]> {
      const ofType = type === undefined ? sql`1 = 1` : sql`d.type = ${type}`;
      const { rows } = await sql<HitRow>`select d.id as id, d.kind as kind, d.source_id as sid,
          d.owner_id as owner, d.title as title, d.body as body, d.dated_at as at
        from search_documents d where ${where(query)} and ${ofType}
        order by ${titleHit(query.terms)} desc, d.dated_at desc, d.source_id desc, d.id
        limit ${limit} offset ${offset}`.execute(db);
      return rows;
    },

    /**
     * Per item its live title (a table row's document holds its cells only) and a visible category (the
     * lowest id): the content page that opens it. Items in no visible category are left out.
     */
    async contentItems(
      itemIds: readonly number[],
      visible: readonly number[],
    ): Promise<Map<number, { categoryId: number; title: string }>> {
      if (itemIds.length === 0 || visible.length === 0) return new Map();
      const rows = await db
        .selectFrom('contentItemCategories as c')
        .innerJoin('contentItems as i', 'i.id', 'c.contentItemId')
        .select(['c.contentItemId', 'i.title', (eb) => eb.fn.min<number>('c.categoryId').as('categoryId')])
        .where('c.contentItemId', 'in', itemIds)
        .where('c.categoryId', 'in', visible)
        .groupBy(['c.contentItemId', 'i.title'])
        .execute();
      return new Map(
        rows.map((row) => [row.contentItemId, { categoryId: Number(row.categoryId), title: row.title }]),
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
