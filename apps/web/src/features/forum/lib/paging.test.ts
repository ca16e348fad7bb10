import { describe, expect, it } from 'vitest';
import { hasBottomReply, pageCount, pageRange, parsePageParam, postNumber } from './paging';

describe('parsePageParam', () => {
  it('reads page numbers and last', () => {
    expect(parsePageParam('3')).toBe(3);
    expect(parsePageParam('last')).toBe('last');
  });

  it('falls back to page 1 for missing or invalid values', () => {
    for (const raw of [null, undefined, '', '0', '-2', '1.5', 'abc', 'LAST']) {
      expect(parsePageParam(raw)).toBe(1);
    }
  });
});

describe('hasBottomReply', () => {
  it('shows the second reply button from the 11th post on', () => {
    expect(hasBottomReply(1)).toBe(false);
    expect(hasBottomReply(10)).toBe(false);
    expect(hasBottomReply(11)).toBe(true);
    expect(hasBottomReply(2000)).toBe(true);
  });
});

describe('pageCount', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
    expect(pageCount(2000, 20)).toBe(100);
  });
});

describe('postNumber and pageRange', () => {
  it('numbers posts across pages', () => {
    expect(postNumber(1, 20, 0)).toBe(1);
    expect(postNumber(3, 20, 4)).toBe(45);
  });

  it('gives the range of a page, the last one shorter', () => {
    expect(pageRange(1, 20, 45)).toEqual({ from: 1, to: 20 });
    expect(pageRange(3, 20, 45)).toEqual({ from: 41, to: 45 });
    expect(pageRange(4, 20, 45)).toBeNull();
  });
});
