import { describe, expect, it } from 'vitest';
import { hasBottomReply, parsePageParam, postNumber } from './paging';

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

describe('postNumber', () => {
  it('numbers posts across pages', () => {
    expect(postNumber(1, 20, 0)).toBe(1);
    expect(postNumber(3, 20, 4)).toBe(45);
  });
});
