/**
 * A query as the engines match it (issue 33): words, each an OR of alternatives (its surface, its stem, its
 * pieces, its synonyms' terms, its typo neighbours), each alternative an AND of patterns over the term text
 * (terms.ts). A long term matches anywhere (a part of a compound), a short one or one with digits at a word's
 * start only, an abbreviation as a whole word only (point 3).
 */
import { formsOf, SHORT } from './normalise.ts';
import { joinedRaw, pairOf, spaced, type Token, tokensOf } from './terms.ts';

/** Where a pattern's term may occur in the term text. */
type Mode = 'inside' | 'start' | 'whole';

export interface Pattern {
  term: string;
  mode: Mode;
}

/** How an alternative meets the word asked for; the ranking weighs them in this order. */
export type AlternativeKind = 'exact' | 'stem' | 'parts' | 'synonym' | 'fuzzy';

export interface Alternative {
  kind: AlternativeKind;
  /** every pattern must occur */
  patterns: Pattern[];
  /** a typo neighbour's edits (1 or 2), 0 for the others */
  edits: number;
}

export interface QueryWord {
  /** the word's key: its stem (joined for a hyphenated word), as synonyms and typo neighbours are found by */
  key: string;
  alternatives: Alternative[];
  /** a short lower-case word (`im`, `für`): counted, but it does not make a document a hit alone */
  minor: boolean;
  /** whether typo neighbours may stand in for it: letters only, at least four of them */
  typos: boolean;
}

const hasDigit = (term: string) => /\d/.test(term);
const length = (term: string) => [...term].length;

/** A term's pattern: long ones anywhere, numbers and short ones at a word's start, single characters whole. */
export function patternOf(term: string, abbreviation = false): Pattern {
  if (length(term) === 1 || (abbreviation && length(term) < SHORT)) return { term, mode: 'whole' };
  if (hasDigit(term) || length(term) < SHORT) return { term, mode: 'start' };
  return { term, mode: 'inside' };
}

/** A stem shorter than a long term stands for the whole word only (`Feuer` → `feu`, not `Feuchte`). */
export const stemPattern = (stem: string): Pattern =>
  length(stem) < SHORT ? { term: stem, mode: 'whole' } : patternOf(stem);

/** All upper case and two or three letters as typed: an abbreviation (`MIG`, `GEG`). */
const typedAsAbbreviation = (raw: string) => /^\p{Lu}{2,3}$/u.test(raw);

/**
 * The alternatives of one word as written (a token, or a synonym's entry), all of `kind` but the stem's:
 * its surface, its stem, and for a hyphenated word of letters its pieces each on their own.
 */
export function wordAlternatives(
  raw: string,
  pieces: readonly string[],
  kind: AlternativeKind,
  abbreviation: boolean,
): Alternative[] {
  const { surface, stem } = formsOf(raw);
  const alternatives: Alternative[] = [{ kind, patterns: [patternOf(surface, abbreviation)], edits: 0 }];
  if (stem !== surface)
    alternatives.push({ kind: kind === 'exact' ? 'stem' : kind, patterns: [stemPattern(stem)], edits: 0 });
  if (pieces.length > 1 && !hasDigit(surface)) {
    const patterns = pieces.map((piece) => stemPattern(formsOf(piece).stem));
    alternatives.push({ kind: kind === 'exact' ? 'parts' : kind, patterns, edits: 0 });
  }
  return alternatives;
}

/** The key synonyms and typo neighbours are looked up by: the stem of the word joined. */
export const keyOf = (raw: string): string => formsOf(raw).stem;

export interface SynonymIndex {
  /** The alternatives of the synonyms of a word by its key (none when it is in no group). */
  expand(key: string): Alternative[];
  /** whether the key is a term of a group: a short word of a group is never a minor word */
  has(key: string): boolean;
}

export const NO_SYNONYMS: SynonymIndex = { expand: () => [], has: () => false };

/** One word of the query from a token, or from a pair of tokens joined (`4 mm`). */
function wordOf(token: Token, synonyms: SynonymIndex): QueryWord {
  const raw = joinedRaw(token);
  const key = keyOf(raw);
  // Typed in capitals, a short word is an abbreviation: whole words only (`GEG`, not 'Gegenlicht'). Typed in
  // lower case it may be the start of a word being typed (`geg` → 'Gegenlicht'), and a group's term besides.
  const abbreviation = typedAsAbbreviation(token.raw);
  const pieces = token.pieces.map((piece) => piece.raw);
  const alternatives = [...wordAlternatives(raw, pieces, 'exact', abbreviation), ...synonyms.expand(key)];
  const surface = formsOf(raw).surface;
  const short = length(surface) < SHORT;
  return {
    key,
    alternatives,
    minor: short && !abbreviation && !synonyms.has(key) && !hasDigit(surface),
    typos: !short && !hasDigit(surface),
  };
}

function pairWord(term: string): QueryWord {
  return {
    key: term,
    alternatives: [{ kind: 'exact', patterns: [patternOf(term)], edits: 0 }],
    minor: false,
    typos: false,
  };
}

/** A word's alternatives as one string: the same word asked twice counts once. */
const signature = (word: QueryWord) =>
  word.alternatives.map((a) => a.patterns.map((p) => `${p.mode}:${p.term}`).join('&')).join('|');

/**
 * The words of a query. A number and a word of at most three letters next to each other are one word, their
 * pair (`4 mm` → `4mm`); single characters count only when nothing longer is asked for.
 */
export function queryWords(q: string, synonyms: SynonymIndex = NO_SYNONYMS): QueryWord[] {
  const tokens = tokensOf(q);
  const words: QueryWord[] = [];
  const paired = new Set<Token>();
  for (let i = 1; i < tokens.length; i++) {
    const [a, b] = [tokens[i - 1], tokens[i]];
    if (!a || !b || paired.has(a)) continue;
    const pair = spaced(q, a, b) ? pairOf(a, b) : undefined;
    if (pair === undefined) continue;
    words.push(pairWord(pair));
    // a token of one piece is the pair; a longer one (`18008-1`) stays a word of its own too
    for (const token of [a, b]) if (token.pieces.length === 1) paired.add(token);
  }
  for (const token of tokens) if (!paired.has(token)) words.push(wordOf(token, synonyms));
  const longer = words.filter((word) => length(word.key) > 1);
  const seen = new Set<string>();
  return (longer.length > 0 ? longer : words).filter((word) => {
    const known = seen.has(signature(word));
    seen.add(signature(word));
    return !known;
  });
}
