import { APP_PATHS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { apiListQuery, blogListPath, listSearch, readListQuery } from './list-query';

const read = (search: string) => readListQuery(new URLSearchParams(search));

describe('blog list query', () => {
  it('reads page, tag and ceo from the address', () => {
    expect(read('?ceo=true&tag=Technik&page=3')).toEqual({ page: 3, tag: 'Technik', ceo: true });
    expect(read('')).toEqual({ page: 1, tag: null, ceo: false });
  });

  it('falls back to page 1 for pages that are no page', () => {
    for (const page of ['0', '-2', '1.5', 'zwei', '', '1e9']) expect(read(`?page=${page}`).page).toBe(1);
  });

  it('ignores blank tags and any ceo value but true', () => {
    expect(read('?tag=%20%20').tag).toBeNull();
    expect(read('?tag=%20Normen%20').tag).toBe('Normen');
    expect(read('?ceo=1').ceo).toBe(false);
    expect(read('?ceo=TRUE').ceo).toBe(false);
  });

  it('writes the address without defaults', () => {
    expect(listSearch({})).toBe('');
    expect(listSearch({ page: 1, tag: null, ceo: false })).toBe('');
    expect(listSearch({ page: 2 })).toBe('?page=2');
    expect(listSearch({ ceo: true, tag: 'Glas & Bau', page: 4 })).toBe('?ceo=true&tag=Glas+%26+Bau&page=4');
  });

  it('round-trips through the address', () => {
    const query = { page: 7, tag: 'Energie/Preise', ceo: true };
    expect(read(listSearch(query))).toEqual(query);
  });

  it('builds list and post paths', () => {
    expect(blogListPath()).toBe('/blog');
    expect(blogListPath({ ceo: true })).toBe('/blog?ceo=true');
    expect(APP_PATHS.post(12)).toBe('/blog/12');
    expect(APP_PATHS.post(12, { ceo: true })).toBe('/blog/12?ceo=true');
  });

  it('asks the API for a page, with tag and ceo only when set', () => {
    expect(apiListQuery({ page: 1, tag: null, ceo: false })).toEqual({
      page: 1,
      tag: undefined,
      ceo: undefined,
    });
    expect(apiListQuery({ page: 2, tag: 'Normen', ceo: true })).toEqual({
      page: 2,
      tag: 'Normen',
      ceo: 'true',
    });
  });
});
