/**
 * A text as the index's terms (issue 33 points 2 and 4), the same for documents and queries. A text is split
 * into tokens: runs of letters and digits, hyphenated ones held together (`Ug-Wert`, `FG-1002`). Each token
 * is cut into pieces at its hyphens and where letters meet digits (`FG1002` → `FG`, `1002`); each piece
 * gives its surface and its stem (normalise.ts), a token of several pieces its joined form too (`ugwert`,
 * `fg1002`), and a number next to a word of at most three letters the pair joined (`4 mm` → `4mm`, `FG 1002`
 * → `fg1002`). So hyphens, spaces and their absence meet. A document's term text is its terms with a space
 * around each, so that a word's start is ` term` and a whole word ` term `.
 */
import { formsOf, SHORT } from './normalise.ts';

/** A run of letters and digits, hyphenated ones together; marks belong to their letter. */
const TOKEN = /[\p{L}\p{N}\p{M}]+(?:[-\u2010\u2011][\p{L}\p{N}\p{M}]+)*/gu;
const PIECE = /\p{N}+|[\p{L}\p{M}]+/gu;
/** A text of ASCII only (a table's rows mostly are). */
const ASCII = /^[\0-\x7f]*$/;

export interface Token {
  /** as written */
  raw: string;
  /** where it starts and ends in the text */
  from: number;
  to: number;
  /** its pieces as written, with where each starts within the token */
  pieces: { raw: string; at: number }[];
}

/** What a piece is for the pairs rule: a number, a word of at most three letters, or anything else. */
type PieceClass = 'number' | 'short' | 'other';

function classOf(piece: string): PieceClass {
  if (/^\p{N}+$/u.test(piece)) return 'number';
  return [...formsOf(piece).surface].length < SHORT ? 'short' : 'other';
}

const pairing = (a: PieceClass, b: PieceClass) =>
  (a === 'number' && b === 'short') || (a === 'short' && b === 'number');

/**
 * The pair of two neighbouring tokens, joined (`4 mm` → `4mm`, `DIN 18008-1` → `din18008`): the last piece
 * of the one and the first of the other, when one is a number and the other a word of at most three letters.
 */
export function pairOf(a: Token, b: Token): string | undefined {
  const last = a.pieces.at(-1)?.raw ?? '';
  const first = b.pieces[0]?.raw ?? '';
  return pairing(classOf(last), classOf(first)) ? formsOf(last + first).surface : undefined;
}

/** The tokens of a text, in order. */
export function tokensOf(text: string): Token[] {
  return ASCII.test(text) ? asciiTokens(text) : unicodeTokens(text);
}

function unicodeTokens(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const raw = match[0];
    const pieces = [...raw.matchAll(PIECE)].map((piece) => ({ raw: piece[0], at: piece.index }));
    tokens.push({ raw, from: match.index, to: match.index + raw.length, pieces });
  }
  return tokens;
}

/** 1 a digit, 2 a letter, 0 anything else (ASCII). */
function kindAt(text: string, at: number): number {
  const code = text.charCodeAt(at);
  if (code >= 48 && code <= 57) return 1;
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) ? 2 : 0;
}

/** unicodeTokens for a text of ASCII only, read a character at a time: several times as fast. */
function asciiTokens(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    if (kindAt(text, at) === 0) {
      at++;
      continue;
    }
    const from = at;
    const pieces: Token['pieces'] = [];
    for (;;) {
      const kind = kindAt(text, at);
      const start = at;
      while (at < text.length && kindAt(text, at) === kind) at++;
      pieces.push({ raw: text.slice(start, at), at: start - from });
      const next = kindAt(text, at);
      if (next !== 0) continue;
      // a hyphen between two letters or digits holds the token together
      if (text.charCodeAt(at) === 45 && at + 1 < text.length && kindAt(text, at + 1) !== 0) at++;
      else break;
    }
    tokens.push({ raw: text.slice(from, at), from, to: at, pieces });
  }
  return tokens;
}

/** Only spaces between two tokens: a pair must not reach over a comma or a table cell's edge (U+001F). */
export const spaced = (text: string, a: Token, b: Token): boolean => /^\s+$/u.test(text.slice(a.to, b.from));

/** A token's joined form: its pieces as one word (`Ug-Wert` → `UgWert`), normalised as one. */
export const joinedRaw = (token: Token): string => token.pieces.map((piece) => piece.raw).join('');

const tokenCache = new Map<string, string[]>();
const TOKEN_CACHE_SIZE = 50_000;

/** A token's terms: each piece's surface and stem, and the joined form's when there are several. */
function tokenTerms(token: Token): string[] {
  const known = tokenCache.get(token.raw);
  if (known !== undefined) return known;
  const terms: string[] = [];
  const add = (word: string) => {
    const { surface, stem } = formsOf(word);
    terms.push(surface);
    if (stem !== surface) terms.push(stem);
  };
  for (const piece of token.pieces) add(piece.raw);
  if (token.pieces.length > 1) add(joinedRaw(token));
  // numbers are mostly each other's: keeping them would only push the words out
  if (/\d/.test(token.raw)) return terms;
  if (tokenCache.size >= TOKEN_CACHE_SIZE) tokenCache.clear();
  tokenCache.set(token.raw, terms);
  return terms;
}

/** The terms of a text in the order of its words (a word's terms may repeat: they count as often). */
function termsOf(text: string): string[] {
  const terms: string[] = [];
  let previous: Token | undefined;
  for (const token of tokensOf(text)) {
    terms.push(...tokenTerms(token));
    const pair = previous && spaced(text, previous, token) ? pairOf(previous, token) : undefined;
    if (pair !== undefined) terms.push(pair);
    previous = token;
  }
  return terms;
}

/** Terms as the index holds them: a space around each. Empty for a text without words. */
const termText = (terms: Iterable<string>): string => {
  const joined = [...terms].join(' ');
  return joined === '' ? '' : ` ${joined} `;
};

/** The term text of a text: what a document's `folded_text` and `folded_title` hold. */
export const indexText = (text: string): string => termText(termsOf(text));

/** Where a table's cells and rows meet (content rows' `search`, joined by `EngineWriting.joined`). */
const CELL_EDGE = String.fromCharCode(31);

/**
 * The term text of a block of a large table's rows, each distinct term once. A price list repeats its cells
 * from row to row: each distinct cell is read once, and no pair of terms reaches over a cell's edge.
 */
export function blockIndexText(text: string): string {
  const distinct = new Set<string>();
  const seen = new Set<string>();
  for (const cell of text.split(CELL_EDGE)) {
    if (seen.has(cell)) continue;
    seen.add(cell);
    for (const term of termsOf(cell)) distinct.add(term);
  }
  return termText(distinct);
}
