/**
 * Typo neighbours (issue 33 point 1): the terms of the index's vocabulary within Damerau-Levenshtein distance
 * (optimal string alignment: a wrong, missing, doubled or swapped letter is one edit) of a word: one edit for
 * words of four to six letters, two for longer ones. A long word is also looked for at the end of the
 * vocabulary's compounds (`Isolirglas` in `mehrscheibenisolierglas`): the part found stands in for it. Candidates come
 * from shared letter pairs (bigrams) before the distance is computed: the q-gram lemma says how many a
 * neighbour must share.
 */

export interface Neighbour {
  term: string;
  edits: number;
}

/** At most this many neighbours stand in for a word: the closest. */
const MOST = 6;
/** Words of at least this many letters are looked for inside compounds too. */
const PARTS_FROM = 8;
/** A word the vocabulary knows gets neighbours from this many letters on. */
const KNOWN_FROM = 7;
/** Words of at most this many letters are compared with every term of about their length. */
const SHORT_WORD = 6;

/** The edits a word of this length may have: none below four letters. */
const editsFor = (length: number): number => (length < 4 ? 0 : length <= 6 ? 1 : 2);

const bigrams = (term: string): Set<string> => {
  const found = new Set<string>();
  for (let i = 0; i + 2 <= term.length; i++) found.add(term.slice(i, i + 2));
  return found;
};

/**
 * The OSA distance between `word` and the closest substring of `text` (`whole`: `text` itself), with where
 * that substring starts and ends; undefined above `max`.
 */
function closest(
  word: string,
  text: string,
  max: number,
  whole: boolean,
): { edits: number; from: number; to: number } | undefined {
  const m = word.length;
  const n = text.length;
  // rows i-2, i-1 and i of the distances, and where each alignment starts in `text`
  let before = new Array<number>(n + 1).fill(0);
  let previous = Array.from({ length: n + 1 }, (_, j) => (whole ? j : 0));
  let previousStart = Array.from({ length: n + 1 }, (_, j) => (whole ? 0 : j));
  let beforeStart = previousStart;
  for (let i = 1; i <= m; i++) {
    const row = new Array<number>(n + 1);
    const start = new Array<number>(n + 1);
    row[0] = i;
    start[0] = 0;
    let best = row[0];
    for (let j = 1; j <= n; j++) {
      const cost = word[i - 1] === text[j - 1] ? 0 : 1;
      let value = (previous[j - 1] ?? 0) + cost;
      let from = previousStart[j - 1] ?? 0;
      if ((previous[j] ?? 0) + 1 < value) [value, from] = [(previous[j] ?? 0) + 1, previousStart[j] ?? 0];
      if ((row[j - 1] ?? 0) + 1 < value) [value, from] = [(row[j - 1] ?? 0) + 1, start[j - 1] ?? 0];
      const swapped = i > 1 && j > 1 && word[i - 1] === text[j - 2] && word[i - 2] === text[j - 1];
      if (swapped && (before[j - 2] ?? 0) + 1 < value)
        [value, from] = [(before[j - 2] ?? 0) + 1, beforeStart[j - 2] ?? 0];
      row[j] = value;
      start[j] = from;
      best = Math.min(best, value);
    }
    if (best > max) return undefined;
    [before, previous] = [previous, row];
    [beforeStart, previousStart] = [previousStart, start];
  }
  let found: { edits: number; from: number; to: number } | undefined;
  for (let j = whole ? n : 0; j <= n; j++) {
    const edits = previous[j] ?? max + 1;
    const from = previousStart[j] ?? 0;
    // fewest edits; then the part closest in length to the word
    const closer =
      found && edits === found.edits && Math.abs(j - from - m) < Math.abs(found.to - found.from - m);
    if (edits <= max && (!found || edits < found.edits || closer)) found = { edits, from, to: j };
  }
  return found;
}

/** The vocabulary's terms with an index of their letter pairs. */
export class TermIndex {
  private readonly terms: string[] = [];
  private readonly known = new Set<string>();
  private readonly pairs = new Map<string, number[]>();
  /** short terms by length: a swap in a short word leaves it no letter pair in common */
  private readonly byLength = new Map<number, number[]>();

  add(term: string): void {
    if (this.known.has(term)) return;
    this.known.add(term);
    const id = this.terms.push(term) - 1;
    if (term.length <= SHORT_WORD + 1) {
      const list = this.byLength.get(term.length);
      if (list) list.push(id);
      else this.byLength.set(term.length, [id]);
    }
    for (const pair of bigrams(term)) {
      const list = this.pairs.get(pair);
      if (list) list.push(id);
      else this.pairs.set(pair, [id]);
    }
  }

  has(term: string): boolean {
    return this.known.has(term);
  }

  /**
   * The closest terms (or parts of terms) within the edits the word's length allows, closest first. A word
   * the vocabulary knows (`known`) may still be an inflection the stemmer leaves (`Spiegeln`): a long one gets
   * the terms one edit away.
   */
  neighbours(word: string, known = false): Neighbour[] {
    const max = known ? Number(word.length >= KNOWN_FROM) : editsFor(word.length);
    if (max === 0) return [];
    const shared = new Map<number, number>();
    const wanted = bigrams(word);
    // the q-gram lemma: an edit takes at most two pairs away, a swap three
    let least = Math.max(1, wanted.size - 3 * max);
    if (word.length <= SHORT_WORD) {
      // too few pairs to go by: every term of about its length
      least = 0;
      for (let length = word.length - max; length <= word.length + max; length++)
        for (const id of this.byLength.get(length) ?? []) shared.set(id, 0);
    } else
      for (const pair of wanted)
        for (const id of this.pairs.get(pair) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
    const found = new Map<string, number>();
    for (const [id, count] of shared) {
      const term = this.terms[id];
      if (term === undefined || count < least || term === word) continue;
      const whole = Math.abs(term.length - word.length) <= max;
      if (!whole && (word.length < PARTS_FROM || term.length < word.length)) continue;
      const match = closest(word, term, max, whole);
      // a part is a compound's head, where German puts what the compound is (`…isolierglas`)
      if (match === undefined || (!whole && match.to !== term.length)) continue;
      const part = term.slice(match.from, match.to);
      if (part.length < 4 || part === word) continue;
      found.set(part, Math.min(found.get(part) ?? max, match.edits));
    }
    return [...found]
      .map(([term, edits]) => ({ term, edits }))
      .sort((a, b) => a.edits - b.edits || (a.term < b.term ? -1 : 1))
      .slice(0, MOST);
  }
}
