import { describe, expect, it } from 'vitest';
import {
  apiMembersQuery,
  csvMembersQuery,
  type MembersQuery,
  membersSearch,
  pageCount,
  readMembersQuery,
  withFilter,
} from './members-query';

const PLAIN: MembersQuery = {
  page: 1,
  q: '',
  role: null,
  group: null,
  disabled: null,
  company: null,
  sort: 'username',
};

function read(search: string): MembersQuery {
  return readMembersQuery(new URLSearchParams(search));
}

describe('members list address', () => {
  it('reads the plain list from an empty address', () => {
    expect(read('')).toEqual(PLAIN);
    expect(membersSearch(PLAIN)).toBe('');
  });

  it('reads search, filters and page, and writes them back the same', () => {
    const search = '?q=Glas+AG&role=ROLE_USER&group=3&disabled=true&page=2';
    const query = read(search);
    expect(query).toEqual({ ...PLAIN, page: 2, q: 'Glas AG', role: 'ROLE_USER', group: 3, disabled: true });
    expect(membersSearch(query)).toBe(search);
    expect(read(membersSearch({ ...PLAIN, disabled: false })).disabled).toBe(false);
  });

  it.each([
    ['?page=0', { page: 1 }],
    ['?page=-2', { page: 1 }],
    ['?page=1.5', { page: 1 }],
    ['?page=abc', { page: 1 }],
    ['?page=100001', { page: 1 }],
    ['?role=ROLE_GAST', { role: null }],
    ['?group=0', { group: null }],
    ['?group=x', { group: null }],
    ['?group=2147483648', { group: null }],
    ['?disabled=ja', { disabled: null }],
    ['?q=%20%20', { q: '' }],
    ['?company=0', { company: null }],
    ['?company=keine', { company: null }],
    ['?company=2147483648', { company: null }],
    ['?sort=name', { sort: 'username' }],
  ])('takes the default for the malformed %s', (search, expected) => {
    expect(read(search)).toEqual({ ...PLAIN, ...expected });
  });

  it('cuts a search the server would refuse to its 100 characters', () => {
    expect(read(`?q=${'a'.repeat(150)}`).q).toHaveLength(100);
  });

  it('leaves out the defaults and trims the search', () => {
    expect(membersSearch({ ...PLAIN, q: '  glas ', page: 1 })).toBe('?q=glas');
    expect(membersSearch({ ...PLAIN, page: 3 })).toBe('?page=3');
  });

  it('starts a changed filter on the first page', () => {
    const query: MembersQuery = { ...PLAIN, page: 4, q: 'glas' };
    expect(withFilter(query, { role: 'ROLE_ADMIN' })).toEqual({ ...query, role: 'ROLE_ADMIN', page: 1 });
    expect(withFilter(query, { q: 'holz' }).page).toBe(1);
  });

  it('asks the API for the page always and for the filters only when set', () => {
    expect(apiMembersQuery(PLAIN)).toEqual({ page: 1 });
    expect(
      apiMembersQuery({ ...PLAIN, page: 2, q: 'x', role: 'ROLE_PARTNER', group: 7, disabled: false }),
    ).toEqual({
      page: 2,
      q: 'x',
      role: 'ROLE_PARTNER',
      group: '7',
      disabled: 'false',
    });
  });

  it('downloads the CSV with the same filters, all pages', () => {
    expect(csvMembersQuery({ ...PLAIN, page: 5, q: 'glas', group: 2, disabled: true })).toEqual({
      q: 'glas',
      group: '2',
      disabled: 'true',
    });
  });

  it('reads and writes the company filter and the order by company (issue 36)', () => {
    const search = '?company=12&sort=company';
    expect(read(search)).toEqual({ ...PLAIN, company: 12, sort: 'company' });
    expect(membersSearch(read(search))).toBe(search);
    expect(read('?company=none')).toEqual({ ...PLAIN, company: 'none' });
    expect(apiMembersQuery({ ...PLAIN, company: 'none', sort: 'company' })).toEqual({
      page: 1,
      company: 'none',
      sort: 'company',
    });
    expect(csvMembersQuery({ ...PLAIN, company: 12, sort: 'company', page: 3 })).toEqual({
      company: '12',
      sort: 'company',
    });
    expect(withFilter({ ...PLAIN, page: 3 }, { sort: 'company' })).toEqual({ ...PLAIN, sort: 'company' });
  });

  it('counts at least one page', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
    expect(pageCount(100_000, 50)).toBe(2000);
  });
});
