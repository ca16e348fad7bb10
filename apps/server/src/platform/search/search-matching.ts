/**
 * What both search engines share (search-engine.ts): what they are asked and answer, how the folded terms of
 * a query are matched, and the documents' columns as typed references (alias `d`), so that a renamed column
 * of `search_documents` is a type error.
 */
import type { TSearchType } from '@portal/contract';
import { type Expression, expressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Executor } from '../db/executor.ts';
import type { SearchDocumentsTable } from '../db/schema.ts';

/** Which of a type's documents a principal may open: a condition over alias `d`, or the whole type. */
export type Visibility = Expression<SqlBool> | 'all';

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

/** A type's newest `n` matches `visible` keeps, and the best `keep` of them by rank (SearchEngine). */
export interface MatchQuery {
  type: TSearchType;
  terms: readonly string[];
  visible: Visibility;
  /** the pool and one more: more than the pool means there are more */
  n: number;
  pool: number;
  keep: number;
}

/** What differs between the engines when documents are written. */
export interface EngineWriting {
  /** The aggregate that joins a group's texts with spaces. */
  joined(text: Expression<string>): RawBuilder<string>;
  /** Runs a rebuild that empties and rewrites every document (SQLite: its FTS5 tables at once, merged after). */
  rebuild<T>(db: Executor, write: () => Promise<T>): Promise<T>;
}

/** One engine's way of answering a MatchQuery. */
export type EngineCandidates = (query: MatchQuery) => Promise<{ found: number; top: Candidate[] }>;

/** Terms shorter than a trigram: matched as word prefixes. */
const TRIGRAM = 3;

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

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);
export const like = (column: Expression<string>, term: string) =>
  sql<SqlBool>`${column} like ${`%${escapeLike(term)}%`} escape ${sql.lit('\\')}`;

/** An FTS5 string (SQLite) or tsquery lexeme (PostgreSQL) in quotes, its own quotes doubled. */
export const quoted = (term: string, quote: string) =>
  `${quote}${term.replaceAll(quote, quote + quote)}${quote}`;

/** Long terms occur anywhere (trigrams), short ones at a word's start; short ones without a letter never. */
export function split(terms: readonly string[]) {
  return {
    long: terms.filter((term) => term.length >= TRIGRAM),
    short: terms.filter((term) => term.length < TRIGRAM && /[\p{L}\p{N}]/u.test(term)),
  };
}
