/**
 * The ranking (issue 33 points 5 and 6), computed here once from what the engines measured, so that both
 * databases rank alike. Documents holding every word come first, then those holding some ("partial"). Within
 * each, a BM25-like score: per word its best alternative, weighed by how it meets the word (exact above stem
 * above synonym above typo), where (the title above the text) and how (a whole word above a word's start
 * above a part of a word); the text's part shrinks with the text's length; each word weighs by its rarity
 * among the matches. Equal scores go by date, newest first.
 */
import type { AlternativeKind, Pattern, QueryWord } from './query.ts';
import { type Candidate, patternKey } from './search-matching.ts';

const KIND: Record<AlternativeKind, number> = { exact: 1, stem: 0.8, synonym: 0.75, parts: 0.7, fuzzy: 0.3 };
/** A typo neighbour two edits away weighs this much less than one an edit away. */
const SECOND_EDIT = 0.65;
/** By level (search-matching.ts): absent, inside a word, a word's start, a whole word. */
const POSITION = [0, 0.45, 0.8, 1];
const TITLE = 2;
const TEXT = 1;
/** Length normalisation (BM25's b) and the length of term text it is relative to. */
const B = 0.3;
const AVERAGE_LENGTH = 1000;
/**
 * Lengths count in steps of a factor √2, so that texts of about one length tie (and go by date), from
 * SHORTEST (a few lines are alike) up to LONGEST: a text longer than that, or a block of a large table's
 * rows, holds a word no less for its length.
 */
const SHORTEST = 256;
const LONGEST = 2048;
/** The number of documents rarity is relative to: fixed, so that it needs no count of the index. */
const DOCUMENTS = 10_000;

export interface Scored<T> {
  item: T;
  candidate: Candidate;
  score: number;
  /** the words the document holds, by their index in the query */
  held: boolean[];
  /** it does not hold every word */
  partial: boolean;
}

/** Per word and alternative: its weight and the indexes of its patterns among the measured ones. */
function plan(words: readonly QueryWord[], patterns: readonly Pattern[]) {
  const index = new Map(patterns.map((pattern, at) => [patternKey(pattern), at]));
  return words.map((word) =>
    word.alternatives.map((alternative) => ({
      weight: KIND[alternative.kind] * (alternative.edits > 1 ? SECOND_EDIT : 1),
      at: alternative.patterns.map((pattern) => index.get(patternKey(pattern)) ?? -1),
    })),
  );
}

/** A word's best part of a document's score, 0 when the document does not hold it. */
function wordScore(alternatives: ReturnType<typeof plan>[number], candidate: Candidate): number {
  const steps = Math.round(Math.log2(Math.max(candidate.length, SHORTEST)) * 2) / 2;
  const length = Math.min(2 ** steps, LONGEST);
  const norm = 1 / (1 - B + (B * length) / AVERAGE_LENGTH);
  let best = 0;
  for (const { weight, at } of alternatives) {
    // an alternative of several patterns occurs as well as its weakest one
    let title = 3;
    let text = 3;
    for (const index of at) {
      const level = candidate.levels[index] ?? 0;
      title = Math.min(title, level >> 2);
      text = Math.min(text, level & 3);
    }
    if (text === 0) continue;
    const score = weight * (TITLE * (POSITION[title] ?? 0) + TEXT * (POSITION[text] ?? 0) * norm);
    best = Math.max(best, score);
  }
  return best;
}

/** The candidates of every type in their order: whole before partial, then by score, then newest first. */
export function rank<T>(
  words: readonly QueryWord[],
  patterns: readonly Pattern[],
  found: readonly { item: T; candidate: Candidate }[],
): Scored<T>[] {
  const alternatives = plan(words, patterns);
  const scores = found.map(({ candidate }) => alternatives.map((word) => wordScore(word, candidate)));
  const counts = words.map((_, w) => scores.filter((score) => (score[w] ?? 0) > 0).length);
  const rarity = counts.map((count) => Math.log(1 + DOCUMENTS / Math.max(count, 1)));
  const scored = found.map(({ item, candidate }, at): Scored<T> => {
    const score = scores[at] ?? [];
    const held = words.map((_, w) => (score[w] ?? 0) > 0);
    const total = score.reduce((sum, part, w) => sum + part * (rarity[w] ?? 0), 0);
    return { item, candidate, score: total, held, partial: held.some((holds) => !holds) };
  });
  return scored.sort(
    (a, b) =>
      Number(a.partial) - Number(b.partial) ||
      b.score - a.score ||
      b.candidate.time - a.candidate.time ||
      b.candidate.sid - a.candidate.sid ||
      a.candidate.id - b.candidate.id,
  );
}
