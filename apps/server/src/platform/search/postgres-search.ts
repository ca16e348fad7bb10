/**
 * PostgreSQL's search engine: per type a partial pg_trgm index over the term text (migrations 0011, 0022)
 * and a partial index on `id` for walking a type newest first (0014); a type's newest matches by indexing
 * order (decisions 0079, 0099), measured for the ranking (search-matching.ts).
 */
import type { TSearchType } from '@portal/contract';
import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../db/schema.ts';
import {
  candidateOf,
  doc,
  type EngineCandidates,
  type EngineWriting,
  like,
  type Matching,
  matchTree,
  measures,
  patternsOf,
  required,
} from './search-matching.ts';

/** A type's newest documents sampled for a search of `n` matches: `n / SAMPLE` (decision 0099). */
const SAMPLE = 4;
/** At least one in DENSE of the sample matching, a type is walked by id for its newest matches. */
const DENSE = 3;

/**
 * The conditions over `d` for one type. The text is matched as it is, so that the planner sees from its
 * statistics how common a term is: a common one is found soonest by walking the type's documents newest
 * first (the type's partial index on `id`, migration 0014); a rare one through the trigram index (postgresOrder
 * overrules it where the newest documents tell otherwise). (Hiding the text from its indexes with `|| ''` made
 * the planner take every match for rare: it read and sorted all 10,000 posts for 'glas'.)
 */
function textMatch(type: TSearchType, matching: Matching): Expression<SqlBool> {
  const tree = matchTree<RawBuilder<SqlBool>>(
    matching,
    (text) => like(doc.foldedText, text),
    (parts) => sql<SqlBool>`(${sql.join(parts, sql` and `)})`,
    (parts) => sql<SqlBool>`(${sql.join(parts, sql` or `)})`,
  );
  // the type as a literal, so that the planner picks the type's own partial indexes
  return sql<SqlBool>`${doc.type} = ${sql.lit(type)} and ${tree}`;
}

/**
 * Any of the words, a word at a time: an OR of LIKEs had the planner read every document of the type where
 * each LIKE alone goes through the trigram index (`nadel` or `heuhauf`: 16 ms for the posts, against 1).
 */
function eachWord(type: TSearchType, matching: Matching): Expression<SqlBool> {
  const words = required(matching).map(
    (word) => sql`select d.id from search_documents d where ${textMatch(type, { words: [word], all: true })}`,
  );
  return sql<SqlBool>`${doc.id} in (${sql.join(words, sql` union `)})`;
}

/**
 * Whether a type's newest `n` matches are found by walking its documents by id newest first (the ORDER BY
 * that does, else undefined; decision 0099). The type's newest `n / SAMPLE` documents are read as a sample (a
 * few hundred short rows): where at least one in DENSE of them matches, or the sample is the whole type, the
 * walk (as the planner goes for a word it takes for common). Where fewer match but the planner expects `n`
 * or more in all, the walk too (issue 33: `dammglas` is in 8,583 older forum posts; reading them all cost
 * 36 ms). Else the matches come from the trigram index and are sorted by id: `d.id + 0` keeps the planner off
 * walking the id index, which read the 5,000 newest posts of a long thread without 'glas' before finding one.
 */
async function postgresOrder(
  db: Kysely<DB>,
  type: TSearchType,
  match: Expression<SqlBool>,
  n: number,
): Promise<RawBuilder<unknown> | undefined> {
  const walk = sql`order by ${doc.id} desc`;
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
  if (read < size || hits * DENSE >= read) return walk;
  // Sparse among the newest, but perhaps common further back (the forums' newest posts are a long thread):
  // where the planner expects `n` matches or more, walking to the `n`th reads less than every match. Its
  // estimate, not a count: counting a few hundred matches of two words read all 51,000 forum posts.
  const { rows } = await sql<Record<string, unknown>>`explain (format json)
    select 1 from search_documents d where ${match}`.execute(db);
  // one column, "QUERY PLAN": a list holding the plan
  const [plan] = Object.values(rows[0] ?? {}) as [{ Plan?: { 'Plan Rows'?: number } }[] | undefined];
  const expected = plan?.[0]?.Plan?.['Plan Rows'] ?? 0;
  return expected >= n ? walk : undefined;
}

export function createPostgresSearch(db: Kysely<DB>): EngineCandidates {
  return async ({ type, matching, visible, n }) => {
    const condition = visible === 'all' ? sql<SqlBool>`1 = 1` : visible;
    const match = textMatch(type, matching);
    const patterns = patternsOf(matching.words);
    const walk = await postgresOrder(db, type, match, n);
    const order = walk ?? sql`order by ${doc.id} + 0 desc`;
    // measured after the limit: a sort by id would otherwise measure every match
    const { rows } = await sql<Record<string, unknown>>`select ${doc.id} as id,
        (extract(epoch from ${doc.datedAt}) * 1000)::bigint as time, ${doc.sourceId} as sid,
        ${measures('strpos', patterns)}
      from (select d.id, d.dated_at, d.source_id, d.folded_title, d.folded_text from search_documents d
        where ${walk || matching.all ? match : eachWord(type, matching)} and ${condition} ${order}
        limit ${n}) d ${order}`.execute(db);
    return rows.map((row) => candidateOf(row, patterns.length));
  };
}

export const postgresWriting: EngineWriting = {
  joined: (text) => sql<string>`string_agg(${text}, chr(31))`,
  async rebuild(db, write) {
    const result = await write();
    // every row is new: the planner's statistics would take a type for as many rows as it had before
    await sql`analyze search_documents`.execute(db);
    return result;
  },
};
