/**
 * What both search engines share (search-engine.ts): what they are asked and answer, how a query's patterns
 * (query.ts) are matched over the documents' term text, and the documents' columns as typed references
 * (alias `d`), so that a renamed column of `search_documents` is a type error. The engines find candidates
 * and measure how each pattern occurs in them (ranking.ts turns that into a score, once for both databases).
 */
import type { TSearchType } from '@portal/contract';
import { type Expression, expressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Executor } from '../db/executor.ts';
import type { SearchDocumentsTable } from '../db/schema.ts';
import type { Alternative, Pattern, QueryWord } from './query.ts';

/** Which of a type's documents a principal may open: a condition over alias `d`, or the whole type. */
export type Visibility = Expression<SqlBool> | 'all';

/** The words a search asks for, and whether a document must hold all of them. */
export interface Matching {
  words: readonly QueryWord[];
  /** every word (a hit holds them all), or any word that is not minor (a hit holds some) */
  all: boolean;
}

/**
 * A matching document: per pattern of the search (patternsOf) how it occurs, `4 × title + text`, each
 * 3 (a whole word), 2 (a word's start), 1 (inside a word) or 0; and its term text's length.
 */
export interface Candidate {
  id: number;
  /** the document's date in milliseconds since 1970 (a number: parsing a thousand dates cost milliseconds) */
  time: number;
  sid: number;
  length: number;
  levels: number[];
}

/** A type's newest `n` matches `visible` keeps, each with its levels (SearchEngine). */
interface MatchQuery {
  type: TSearchType;
  matching: Matching;
  visible: Visibility;
  /** the pool and one more: more than the pool means there are more */
  n: number;
}

/** What differs between the engines when documents are written. */
export interface EngineWriting {
  /** The aggregate that joins a group's texts, each apart by U+001F (table rows, as their cells are). */
  joined(text: Expression<string>): RawBuilder<string>;
  /** Runs a rebuild that empties and rewrites every document (SQLite: its FTS5 tables at once, merged after). */
  rebuild<T>(db: Executor, write: () => Promise<T>): Promise<T>;
}

/** One engine's way of answering a MatchQuery: the matches, newest first. */
export type EngineCandidates = (query: MatchQuery) => Promise<Candidate[]>;

/** The search's documents under alias `d`: what a source's visibility condition and the engines refer to. */
type DocumentAlias = { d: SearchDocumentsTable };

const eb = expressionBuilder<DocumentAlias, 'd'>();
/** The columns of a document (alias `d`) the engines read. */
export const doc = {
  id: eb.ref('d.id'),
  type: eb.ref('d.type'),
  sourceId: eb.ref('d.sourceId'),
  ownerId: eb.ref('d.ownerId'),
  datedAt: eb.ref('d.datedAt'),
  foldedTitle: eb.ref('d.foldedTitle'),
  foldedText: eb.ref('d.foldedText'),
};

/** The words a document must hold (all) or one of which it must hold (the words that are not minor). */
export function required(matching: Matching): readonly QueryWord[] {
  if (matching.all) return matching.words;
  const major = matching.words.filter((word) => !word.minor);
  return major.length > 0 ? major : matching.words;
}

/** Every pattern of the words, each once, in the order of the levels the engines measure. */
export function patternsOf(words: readonly QueryWord[]): Pattern[] {
  const seen = new Map<string, Pattern>();
  for (const word of words)
    for (const alternative of word.alternatives)
      for (const pattern of alternative.patterns) seen.set(patternKey(pattern), pattern);
  return [...seen.values()];
}

export const patternKey = (pattern: Pattern) => `${pattern.mode}:${pattern.term}`;

/** The substring a pattern is over the term text: a word's start has its space before, a whole word around. */
export function patternText({ term, mode }: Pattern): string {
  if (mode === 'whole') return ` ${term} `;
  return mode === 'start' ? ` ${term}` : term;
}

/**
 * A word's alternatives that the match needs: one that holds a pattern of another single-pattern one finds
 * nothing more (`glaser` holds `glas`: a document with the surface has the stem), so it is left out of the
 * match (it is still measured, for the ranking). Fewer ORs keep the planner on the trigram index.
 */
function needed(word: QueryWord): Alternative[] {
  const texts = word.alternatives.map((alternative) => alternative.patterns.map(patternText));
  return word.alternatives.filter((_, index) =>
    texts.every((other, at) => {
      const [single] = other;
      if (at === index || other.length !== 1 || single === undefined) return true;
      const own = texts[index] ?? [];
      const covered = own.some((text) => text.includes(single));
      // of two that find the same, the first stays
      const same = own.length === 1 && own[0] === single;
      return !covered || (same && index < at);
    }),
  );
}

/**
 * The match as a tree: `join` between the words, OR between a word's alternatives, AND between an
 * alternative's patterns, each pattern by `leaf`.
 */
export function matchTree<T>(
  matching: Matching,
  leaf: (text: string) => T,
  and: (parts: T[]) => T,
  or: (parts: T[]) => T,
): T {
  const word = (w: QueryWord) => or(needed(w).map((a) => and(a.patterns.map((p) => leaf(patternText(p))))));
  const words = required(matching).map(word);
  return matching.all ? and(words) : or(words);
}

/** The position function of the database: SQLite `instr`, PostgreSQL `strpos` (1-based; 0 when absent). */
export type Position = 'instr' | 'strpos';

/** How a pattern occurs in a column: 3 a whole word, 2 a word's start, 1 inside a word, 0 not at all. */
function level(position: Position, column: Expression<string>, { term, mode }: Pattern): RawBuilder<number> {
  const at = (text: string) => sql`${sql.raw(position)}(${column}, ${text}) > 0`;
  const start = mode === 'whole' ? sql`` : sql` when ${at(` ${term}`)} then 2`;
  const inside = mode === 'inside' ? sql` when ${at(term)} then 1` : sql``;
  return sql<number>`(case when ${at(` ${term} `)} then 3${start}${inside} else 0 end)`;
}

/** The levels of every pattern, `4 × title + text`, as columns `l0`, `l1`, …; and the text's length. */
export function measures(position: Position, patterns: readonly Pattern[]): RawBuilder<unknown> {
  const columns = patterns.map(
    (pattern, index) =>
      sql`${level(position, doc.foldedTitle, pattern)} * 4 + ${level(position, doc.foldedText, pattern)} as ${sql.ref(`l${index}`)}`,
  );
  return sql.join([sql`length(${doc.foldedText}) as length`, ...columns]);
}

/** A row of `measures` (with `id`, `time`, `sid`) as a candidate of `count` patterns. */
export function candidateOf(row: Record<string, unknown>, count: number): Candidate {
  return {
    id: Number(row.id),
    time: Number(row.time),
    sid: Number(row.sid),
    length: Number(row.length),
    levels: Array.from({ length: count }, (_, index) => Number(row[`l${index}`] ?? 0)),
  };
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);
export const like = (column: Expression<string>, text: string) =>
  sql<SqlBool>`${column} like ${`%${escapeLike(text)}%`} escape ${sql.lit('\\')}`;

/** An FTS5 string (SQLite) in quotes, its own quotes doubled. */
export const quoted = (term: string, quote: string) =>
  `${quote}${term.replaceAll(quote, quote + quote)}${quote}`;
