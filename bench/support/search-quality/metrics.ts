/**
 * The measures of the search-quality bench (issue 33 point 7), per query from its ranked documents and its
 * graded judgments (0-3; a document not judged is 0):
 * - nDCG@k: the gains 2^grade - 1 discounted by log2(rank + 1), divided by the same sum of the ideal order of
 *   every judged document;
 * - reciprocal rank: 1 / rank of the first document graded at least RELEVANT (2), 0 when none is in the list;
 * - recall@k: the share of the documents graded at least 1 that are among the first k;
 * - zero result: the engine answered nothing at all.
 */

/** The grade from which a document counts as the answer for the reciprocal rank. */
export const RELEVANT = 2;

export type Judgments = ReadonlyMap<string, number>;

function dcg(grades: readonly number[]): number {
  return grades.reduce((sum, grade, index) => sum + (2 ** grade - 1) / Math.log2(index + 2), 0);
}

export function ndcgAt(k: number, ranked: readonly string[], judged: Judgments): number {
  const ideal = dcg(
    [...judged.values()]
      .filter((grade) => grade > 0)
      .sort((a, b) => b - a)
      .slice(0, k),
  );
  if (ideal === 0) return 0;
  return dcg(ranked.slice(0, k).map((key) => judged.get(key) ?? 0)) / ideal;
}

export function reciprocalRank(ranked: readonly string[], judged: Judgments): number {
  const at = ranked.findIndex((key) => (judged.get(key) ?? 0) >= RELEVANT);
  return at === -1 ? 0 : 1 / (at + 1);
}

export function recallAt(k: number, ranked: readonly string[], judged: Judgments): number {
  const relevant = [...judged].filter(([, grade]) => grade >= 1).map(([key]) => key);
  if (relevant.length === 0) return 0;
  const top = new Set(ranked.slice(0, k));
  return relevant.filter((key) => top.has(key)).length / relevant.length;
}

export interface Scores {
  ndcg: number;
  mrr: number;
  recall: number;
  /** the share of queries answered with nothing */
  zero: number;
}

/** A query's scores from its first k documents (a document listed twice counts once, where it first shows). */
export function scoreQuery(k: number, ranked: readonly string[], judged: Judgments): Scores {
  const unique = [...new Set(ranked)];
  return {
    ndcg: ndcgAt(k, unique, judged),
    mrr: reciprocalRank(unique.slice(0, k), judged),
    recall: recallAt(k, unique, judged),
    zero: unique.length === 0 ? 1 : 0,
  };
}

/** The mean of each measure over the queries. */
export function meanScores(scores: readonly Scores[]): Scores {
  const mean = (pick: (s: Scores) => number) =>
    scores.length === 0 ? 0 : scores.reduce((sum, s) => sum + pick(s), 0) / scores.length;
  return {
    ndcg: mean((s) => s.ndcg),
    mrr: mean((s) => s.mrr),
    recall: mean((s) => s.recall),
    zero: mean((s) => s.zero),
  };
}
