/**
 * PostgreSQL's search engine: per type partial indexes, pg_trgm for parts of words and a 'simple' tsvector
 * for short words by prefix (migrations 0011, 0014); a type's newest matches by indexing order (decisions
 * 0079, 0099).
 */
import type { TSearchType } from '@portal/contract';
import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../db/schema.ts';
import {
  type Candidate,
  doc,
  type EngineCandidates,
  type EngineWriting,
  like,
  quoted,
  split,
} from './search-matching.ts';

/** A type's newest documents sampled for a search of `n` matches: `n / SAMPLE` (decision 0099). */
const SAMPLE = 4;
/** At least one in DENSE of the sample matching, a type is walked by id for its newest matches. */
const DENSE = 3;

/** 1 when every term is in the title. */
function titleHit(terms: readonly string[]): RawBuilder<number> {
  const all = sql.join(
    terms.map((term) => like(doc.foldedTitle, term)),
    sql` and `,
  );
  return sql<number>`case when ${all} then 1 else 0 end`;
}

/**
 * The conditions over `d` for one type. The text is matched as it is, so that the planner sees from its
 * statistics how common a term is: a common one is found soonest by walking the type's documents newest
 * first (the type's partial index on `id`, migration 0014); a rare one through the trigram index (postgresOrder
 * overrules it where the newest documents tell otherwise). (Hiding the text from its indexes with `|| ''` made
 * the planner take every match for rare: it read and sorted all 10,000 posts for 'glas'.)
 */
function textMatch(type: TSearchType, terms: readonly string[]): Expression<SqlBool> {
  const { long, short } = split(terms);
  // the type as a literal, so that the planner picks the type's own partial indexes
  const conditions: Expression<SqlBool>[] = [sql<SqlBool>`${doc.type} = ${sql.lit(type)}`];
  for (const term of long) conditions.push(like(doc.foldedText, term));
  if (short.length > 0) {
    const query = short.map((term) => `${quoted(term.replace(/[^\p{L}\p{N}]/gu, ''), "'")}:*`).join(' & ');
    conditions.push(sql`to_tsvector('simple', ${doc.foldedText}) @@ to_tsquery('simple', ${query})`);
  }
  return sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
}

/**
 * How a type's newest `n` matches are found, as the ORDER BY of the query that reads them.
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
  const match = textMatch(type, terms);
  const walk = sql`order by ${doc.id} desc`;
  if (split(terms).short.length > 0) {
    const counted = await db
      .selectFrom((eb) =>
        eb.selectFrom('searchDocuments as d').select(sql.lit(1).as('one')).where(match).limit(n).as('m'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return (counted?.n ?? 0) >= n ? walk : sql``;
  }
  const size = Math.max(Math.ceil(n / SAMPLE), 1);
  const sample = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('searchDocuments as d')
        .select(['d.type', 'd.foldedText'])
        .where('d.type', '=', sql.lit(type))
        .orderBy('d.id', 'desc')
        .limit(size)
        .as('d'),
    )
    .select((eb) => [
      eb.fn.countAll<number>().as('rows'),
      eb.fn.countAll<number>().filterWhere(match).as('hits'),
    ])
    .executeTakeFirst();
  const read = sample?.rows ?? 0;
  const hits = sample?.hits ?? 0;
  return read < size || hits * DENSE >= read ? walk : sql`order by ${doc.id} + 0 desc`;
}

export function createPostgresSearch(db: Kysely<DB>): EngineCandidates {
  return async ({ type, terms, visible, n, pool, keep }) => {
    const condition = visible === 'all' ? sql<SqlBool>`1 = 1` : visible;
    // Counted with visibility in one pass over the matches, kept aside once (a window, `count(*) over ()`,
    // cost a fifth more): their number, the oldest, and the best `keep` and one more, in case the oldest is
    // among them and not in the pool.
    const order = await postgresOrder(db, type, terms, n);
    type Counted = Candidate & { found: number; oldest: number };
    const { rows } = await sql<Counted>`with m as materialized (select ${doc.id} as id, ${doc.datedAt} as at,
          ${doc.sourceId} as sid, ${titleHit(terms)} as "inTitle"
          from search_documents d where ${textMatch(type, terms)} and ${condition} ${order} limit ${n})
        select c.id as id, c.at as at, c.sid as sid, c."inTitle" as "inTitle",
          (select count(*) from m) as found, (select min(m.id) from m) as oldest
        from m c order by c."inTitle" desc, c.at desc, c.sid desc, c.id limit ${keep + 1}`.execute(db);
    const found = rows[0]?.found ?? 0;
    const outside = found > pool ? rows[0]?.oldest : undefined;
    return {
      found,
      top: rows
        .filter((row) => row.id !== outside)
        .slice(0, keep)
        .map(({ id, at, sid, inTitle }) => ({ id, at, sid, inTitle })),
    };
  };
}

export const postgresWriting: EngineWriting = {
  joined: (text) => sql<string>`string_agg(${text}, ' ')`,
  rebuild: (_db, write) => write(),
};
