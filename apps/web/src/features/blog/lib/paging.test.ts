import { describe, expect, it } from 'vitest';
import { pageCount, pageRange } from './paging';

describe('blog paging', () => {
  it('counts pages of 10', () => {
    expect(pageCount(0, 10)).toBe(0);
    expect(pageCount(1, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(25, 10)).toBe(3);
  });

  it('names the posts shown on a page', () => {
    expect(pageRange(1, 10, 25)).toEqual({ from: 1, to: 10 });
    expect(pageRange(2, 10, 25)).toEqual({ from: 11, to: 20 });
    expect(pageRange(3, 10, 25)).toEqual({ from: 21, to: 25 });
  });

  it('has no range after the last page or without posts', () => {
    expect(pageRange(4, 10, 25)).toBeNull();
    expect(pageRange(1, 10, 0)).toBeNull();
    expect(pageRange(0, 10, 25)).toBeNull();
  });
});
