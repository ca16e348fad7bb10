import { describe, expect, it } from 'vitest';
import {
  apiDirectoryQuery,
  type DirectoryQuery,
  directorySearch,
  isFiltered,
  readDirectoryQuery,
  withFilter,
} from './directory-query';

const read = (search: string) => readDirectoryQuery(new URLSearchParams(search));
const PLAIN: DirectoryQuery = { q: '', state: null, specialty: null, letter: null, page: 1 };

describe('the directory address', () => {
  it('should read search, Bundesland, specialty, letter and page', () => {
    expect(read('?q=+Glas+M%C3%BCller+&state=BY&specialty=3&letter=m&page=2')).toEqual({
      q: 'Glas Müller',
      state: 'BY',
      specialty: 3,
      letter: 'M',
      page: 2,
    });
  });

  it('should fall back to the defaults for what an old or edited link spoils', () => {
    expect(read('?state=XX&specialty=abc&letter=Ä&page=0')).toEqual(PLAIN);
    expect(read('?state=toString&specialty=-4&letter=AB&page=1.5')).toEqual(PLAIN);
    expect(read('?letter=%23').letter).toBe('#');
    expect(read(`?q=${'x'.repeat(150)}`).q).toHaveLength(100);
  });

  it('should write only what is set, the first page without a number', () => {
    expect(directorySearch(PLAIN)).toBe('');
    expect(directorySearch({ ...PLAIN, q: '  ' })).toBe('');
    expect(directorySearch({ ...PLAIN, q: 'Glas Müller', letter: '#', page: 3 })).toBe(
      '?q=Glas+M%C3%BCller&letter=%23&page=3',
    );
  });

  it('should read back what it wrote', () => {
    const query: DirectoryQuery = { q: 'Fassade', state: 'NW', specialty: 12, letter: 'F', page: 4 };
    expect(read(directorySearch(query))).toEqual(query);
  });

  it('should ask the server for the page always and for the filters only when set', () => {
    expect(apiDirectoryQuery(PLAIN)).toEqual({ page: 1 });
    expect(apiDirectoryQuery({ q: 'glas', state: 'HE', specialty: 2, letter: 'G', page: 2 })).toEqual({
      q: 'glas',
      state: 'HE',
      specialty: '2',
      letter: 'G',
      page: 2,
    });
  });

  it('should start again on the first page when a filter changes', () => {
    const onPage3 = { ...PLAIN, page: 3 };
    expect(withFilter(onPage3, { state: 'SN' })).toEqual({ ...PLAIN, state: 'SN', page: 1 });
    expect(isFiltered(PLAIN)).toBe(false);
    expect(isFiltered(withFilter(PLAIN, { letter: 'A' }))).toBe(true);
  });
});
