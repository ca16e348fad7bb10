import { describe, expect, it } from 'vitest';
import { meanScores, ndcgAt, recallAt, reciprocalRank, scoreQuery } from './metrics.ts';

// a: 3, b: 2, c: 1, d: 0 (judged), e: not judged
const judged = new Map([
  ['a', 3],
  ['b', 2],
  ['c', 1],
  ['d', 0],
]);

describe('search-quality metrics', () => {
  it('gives nDCG 1 for the ideal order and less for another, by hand', () => {
    expect(ndcgAt(10, ['a', 'b', 'c'], judged)).toBeCloseTo(1, 10);
    // DCG of c, a: 1/log2(2) + 7/log2(3) = 1 + 4.41650 = 5.41650
    // ideal a, b, c: 7 + 3/log2(3) + 1/log2(4) = 7 + 1.89279 + 0.5 = 9.39279
    expect(ndcgAt(10, ['c', 'a'], judged)).toBeCloseTo(5.4165 / 9.39279, 4);
    // unjudged and 0-graded documents gain nothing but take a place: a at rank 3 → 7/2 = 3.5
    expect(ndcgAt(10, ['e', 'd', 'a'], judged)).toBeCloseTo(3.5 / 9.39279, 4);
  });

  it('cuts nDCG at k, the ideal too', () => {
    // k = 1: ideal 7; b first: 3/7
    expect(ndcgAt(1, ['b', 'a'], judged)).toBeCloseTo(3 / 7, 10);
    expect(ndcgAt(10, [], judged)).toBe(0);
    expect(ndcgAt(10, ['a'], new Map())).toBe(0);
  });

  it('takes the reciprocal rank of the first document graded 2 or more', () => {
    expect(reciprocalRank(['c', 'd', 'b', 'a'], judged)).toBeCloseTo(1 / 3, 10);
    expect(reciprocalRank(['a'], judged)).toBe(1);
    expect(reciprocalRank(['c', 'd', 'e'], judged)).toBe(0);
  });

  it('counts recall over the documents graded 1 or more', () => {
    expect(recallAt(10, ['c', 'e', 'd'], judged)).toBeCloseTo(1 / 3, 10);
    expect(recallAt(2, ['e', 'a', 'b', 'c'], judged)).toBeCloseTo(1 / 3, 10);
    expect(recallAt(10, ['a', 'b', 'c'], judged)).toBe(1);
  });

  it('scores a query once per document and marks an empty answer', () => {
    expect(scoreQuery(10, [], judged)).toEqual({ ndcg: 0, mrr: 0, recall: 0, zero: 1 });
    const twice = scoreQuery(10, ['c', 'c', 'a'], judged);
    expect(twice.ndcg).toBeCloseTo(5.4165 / 9.39279, 4);
    expect(twice.mrr).toBe(0.5);
    expect(twice.zero).toBe(0);
  });

  it('averages the measures over queries', () => {
    const mean = meanScores([
      { ndcg: 1, mrr: 1, recall: 0.5, zero: 0 },
      { ndcg: 0, mrr: 0, recall: 0, zero: 1 },
    ]);
    expect(mean).toEqual({ ndcg: 0.5, mrr: 0.5, recall: 0.25, zero: 0.5 });
  });
});
