import { APP_PATHS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { apiListQuery, blogListPath, listSearch, readListQuery } from './list-query';

const read = (search: string) => readListQuery(new URLSearchParams(search));

describe('blog list query', () => {
  it('reads page, tag and ceo from the address', () => {
    expect(read('?ceo=true&tag=Technik&page=3')).toEqual({
      page: 3,
      tag: 'Technik',
      ceo: true,
      rundschreiben: false,
    });
    expect(read('')).toEqual({ page: 1, tag: null, ceo: false, rundschreiben: false });
    expect(read('?rundschreiben=true').rundschreiben).toBe(true);
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
    const query = { page: 7, tag: 'Energie/Preise', ceo: true, rundschreiben: false };
    expect(read(listSearch(query))).toEqual(query);
  });

  it('builds list and post paths', () => {
    expect(blogListPath()).toBe('/blog');
    expect(blogListPath({ ceo: true })).toBe('/blog?ceo=true');
    expect(APP_PATHS.post(12)).toBe('/blog/12');
    expect(APP_PATHS.post(12, { ceo: true })).toBe('/blog/12?ceo=true');
    // opened from the circulars' list, the post's breadcrumb leads back to 'Rundschreiben'
    expect(APP_PATHS.post(12, { ceo: false, rundschreiben: true })).toBe('/blog/12?rundschreiben=true');
  });

  it('asks the API for a page, with tag and ceo only when set', () => {
    expect(apiListQuery({ page: 1, tag: null, ceo: false, rundschreiben: false })).toEqual({
      page: 1,
      tag: undefined,
      ceo: undefined,
    });
    expect(apiListQuery({ page: 2, tag: 'Normen', ceo: true, rundschreiben: false })).toEqual({
      page: 2,
      tag: 'Normen',
      ceo: 'true',
    });
  });

  it('keeps the circulars list in the address and asks the API for circulars only (issue 34)', () => {
    expect(blogListPath({ rundschreiben: true })).toBe('/blog?rundschreiben=true');
    expect(blogListPath({ rundschreiben: true, page: 2 })).toBe('/blog?rundschreiben=true&page=2');
    expect(read('?rundschreiben=true&page=2')).toEqual({
      page: 2,
      tag: null,
      ceo: false,
      rundschreiben: true,
    });
    expect(apiListQuery({ page: 1, tag: null, ceo: true, rundschreiben: true })).toEqual({
      page: 1,
      tag: undefined,
      rundschreiben: 'true',
    });
  });
});
