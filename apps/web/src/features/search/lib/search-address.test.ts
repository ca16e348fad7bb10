import { describe, expect, it } from 'vitest';
import { queryProblem, readSearchAddress, searchPath } from './search-address';

describe('results page address', () => {
  it('reads q, type and page', () => {
    expect(readSearchAddress(new URLSearchParams('q=glas&type=forum&page=3'))).toEqual({
      q: 'glas',
      type: 'forum',
      page: 3,
    });
  });

  it('falls back to all types and page 1 for anything else', () => {
    expect(readSearchAddress(new URLSearchParams('type=nope&page=-2'))).toEqual({
      q: '',
      type: null,
      page: 1,
    });
    expect(readSearchAddress(new URLSearchParams('q=x&page=1.5')).page).toBe(1);
  });

  it('writes a trimmed, encoded address without defaults', () => {
    expect(searchPath({ q: ' Wärme & Glas ' })).toBe('/search?q=W%C3%A4rme+%26+Glas');
    expect(searchPath({ q: 'glas', type: 'content', page: 2 })).toBe('/search?q=glas&type=content&page=2');
    expect(readSearchAddress(new URL(searchPath({ q: 'FG-1002 & ESG' }), 'http://x').searchParams).q).toBe(
      'FG-1002 & ESG',
    );
  });

  it('does not search texts the server refuses', () => {
    expect(queryProblem(' g ')).toBe('tooShort');
    expect(queryProblem('gl')).toBeNull();
    expect(queryProblem('x'.repeat(201))).toBe('tooLong');
  });
});
