/**
 * Where a query's patterns occur in an original text (issue 33): the words a snippet marks and the words a
 * table row holds, by the same terms the index holds (terms.ts), so that a stem, a synonym's term or a typo
 * neighbour is marked where it matched, not only the text as typed. A stem matched to its end is marked to
 * the end of its word (`Scheiben` for `scheib`).
 */
import { formsOf, normaliseMapped, plain } from './normalise.ts';
import type { Pattern, QueryWord } from './query.ts';
import { patternText } from './search-matching.ts';
import { indexText, pairOf, spaced, type Token, tokensOf } from './terms.ts';

export type Range = [start: number, end: number];

/** A piece, a token joined or a pair of tokens, with where each of its characters is in the text. */
interface Unit {
  raw: string;
  at: number[];
}

function unitsOf(text: string): Unit[] {
  const units: Unit[] = [];
  const piecesAt = (pieces: { raw: string; at: number }[], from: number) => ({
    raw: pieces.map((piece) => piece.raw).join(''),
    at: pieces.flatMap((piece) => Array.from(piece.raw, (_, i) => from + piece.at + i)),
  });
  let previous: Token | undefined;
  for (const token of tokensOf(text)) {
    for (const piece of token.pieces) units.push(piecesAt([piece], token.from));
    if (token.pieces.length > 1) units.push(piecesAt(token.pieces, token.from));
    const last = previous?.pieces.at(-1);
    const first = token.pieces[0];
    if (previous && last && first && spaced(text, previous, token) && pairOf(previous, token)) {
      const a = piecesAt([last], previous.from);
      const b = piecesAt([first], token.from);
      units.push({ raw: a.raw + b.raw, at: [...a.at, ...b.at] });
    }
    previous = token;
  }
  return units;
}

/** Where `term` occurs in `within` as the pattern's mode allows. */
function occurrences(within: string, { term, mode }: Pattern): number[] {
  if (mode === 'whole') return within === term ? [0] : [];
  if (mode === 'start') return within.startsWith(term) ? [0] : [];
  const found: number[] = [];
  for (let at = within.indexOf(term); at >= 0; at = within.indexOf(term, at + 1)) found.push(at);
  return found;
}

/** The ranges of the text where the patterns occur, in order, overlaps merged. */
export function matchRanges(text: string, patterns: readonly Pattern[]): Range[] {
  const ranges: Range[] = [];
  for (const unit of unitsOf(text)) {
    const normalised = normaliseMapped(unit.raw);
    const surface = plain(normalised.text);
    const { stem } = formsOf(unit.raw);
    const span = (from: number, to: number): Range => {
      const start = unit.at[normalised.start[from] ?? 0] ?? 0;
      const end = (unit.at[(normalised.end[to - 1] ?? 1) - 1] ?? 0) + 1;
      return [start, end];
    };
    for (const pattern of patterns) {
      for (const at of occurrences(surface, pattern)) ranges.push(span(at, at + pattern.term.length));
      if (stem === surface || !surface.startsWith(stem)) continue;
      for (const at of occurrences(stem, pattern)) {
        const end = at + pattern.term.length;
        ranges.push(span(at, end === stem.length ? surface.length : end));
      }
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Range[] = [];
  for (const range of ranges) {
    const previous = merged.at(-1);
    if (previous && range[0] <= previous[1]) previous[1] = Math.max(previous[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

/** Every pattern of the words, for marking. */
export const patternsOfWords = (words: readonly QueryWord[]): Pattern[] =>
  words.flatMap((word) => word.alternatives.flatMap((alternative) => alternative.patterns));

/** Which of the words a text holds, as the index would find them in it. */
export function heldWords(text: string, words: readonly QueryWord[]): boolean[] {
  const terms = indexText(text);
  return words.map((word) =>
    word.alternatives.some((alternative) =>
      alternative.patterns.every((pattern) => terms.includes(patternText(pattern))),
    ),
  );
}
