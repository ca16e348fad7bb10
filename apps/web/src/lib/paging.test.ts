import { pageCount, pageRange } from '@portal/contract';
import { describe, expect, it } from 'vitest';

// The contract's paging, as the blog list, the forums and the CSV tables show it.
describe('pageCount', () => {
  it('counts pages, the last one shorter', () => {
    expect(pageCount(1, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(25, 10)).toBe(3);
    expect(pageCount(2000, 20)).toBe(100);
  });

  it('gives an empty list one page, so page 1 always exists', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(5, 0)).toBe(1);
  });
});

describe('pageRange', () => {
  it('names the items shown on a page', () => {
    expect(pageRange(1, 10, 25)).toEqual({ from: 1, to: 10 });
    expect(pageRange(2, 10, 25)).toEqual({ from: 11, to: 20 });
    expect(pageRange(3, 10, 25)).toEqual({ from: 21, to: 25 });
    expect(pageRange(3, 20, 45)).toEqual({ from: 41, to: 45 });
  });

  it('has no range before the first page, after the last one or without items', () => {
    expect(pageRange(4, 10, 25)).toBeNull();
    expect(pageRange(1, 10, 0)).toBeNull();
    expect(pageRange(0, 10, 25)).toBeNull();
  });
});
