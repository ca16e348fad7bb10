/**
 * Folding for search (issue 16): the index holds folded text and a query is folded the same way, so that
 * `Wärmedämmglas`, `wärmedämmglas` and `Waermedaemmglas` all read `waermedaemmglas`.
 */
import { type RawBuilder, sql } from 'kysely';

const GERMAN: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

const cache = new Map<string, string>();

/** One character folded: lower-case, German umlauts spelt out, other diacritics removed (é → e). */
function foldChar(char: string): string {
  const known = cache.get(char);
  if (known !== undefined) return known;
  const lower = char.toLowerCase();
  const folded = [...lower].map((c) => GERMAN[c] ?? c.normalize('NFD').replace(/\p{M}/gu, '')).join('');
  if (cache.size < 10_000) cache.set(char, folded);
  return folded;
}

export interface FoldedText {
  folded: string;
  /** for each character of `folded`, the index of the character of the original it came from */
  origin: number[];
}

/** The folded text with the way back to the original's positions (snippets mark the original text). */
export function foldMapped(text: string): FoldedText {
  let folded = '';
  const origin: number[] = [];
  let index = 0;
  for (const char of text) {
    const part = foldChar(char);
    folded += part;
    for (let i = 0; i < part.length; i++) origin.push(index);
    index += char.length;
  }
  return { folded, origin };
}

export function fold(text: string): string {
  let folded = '';
  for (const char of text) folded += foldChar(char);
  return folded;
}

/** The lower-case letters with diacritics (U+00DF–U+024F) and what they fold to. */
const LOWER_FOLDS: [string, string][] = [];
for (let code = 0xdf; code <= 0x24f; code++) {
  const char = String.fromCharCode(code);
  const folded = foldChar(char);
  if (char === char.toLowerCase() && folded !== char) LOWER_FOLDS.push([char, folded]);
}
const SPELT_OUT = LOWER_FOLDS.filter(([, to]) => to.length !== 1);
const ONE_TO_ONE = LOWER_FOLDS.filter(([, to]) => to.length === 1);

/**
 * The same folding in SQL for text that is already lower-case (a CSV row's `search`), so a 100,000-row table
 * is indexed by one statement without passing through the server. SQLite only spells out what folds to more
 * than one letter (ä → ae): its FTS5 tokenizers remove the other diacritics themselves (remove_diacritics),
 * and a chain of a hundred replace() calls would cost seconds per 100,000 rows. PostgreSQL folds them all,
 * the one-letter ones in a single translate().
 */
export function foldLowerSql(
  expression: RawBuilder<string>,
  kind: 'sqlite' | 'postgres',
): RawBuilder<string> {
  let result = expression;
  for (const [from, to] of SPELT_OUT)
    result = sql<string>`replace(${result}, ${sql.lit(from)}, ${sql.lit(to)})`;
  if (kind === 'sqlite') return result;
  const from = ONE_TO_ONE.map(([char]) => char).join('');
  const to = ONE_TO_ONE.map(([, folded]) => folded).join('');
  return sql<string>`translate(${result}, ${sql.lit(from)}, ${sql.lit(to)})`;
}
