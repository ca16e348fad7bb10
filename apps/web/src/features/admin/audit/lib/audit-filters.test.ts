import { describe, expect, it } from 'vitest';
import {
  type AuditFilters,
  auditApiPath,
  auditSearch,
  datesReversed,
  hasFilters,
  NO_FILTERS,
  parseGermanDay,
  readAuditFilters,
  readDay,
} from './audit-filters';

const read = (search: string) => readAuditFilters(new URLSearchParams(search));

describe('readAuditFilters', () => {
  it('reads every filter from the address', () => {
    expect(read('?actor=3&kind=group.update&from=2026-11-01&to=2026-11-25')).toEqual({
      actor: 3,
      kind: 'group.update',
      from: '2026-11-01',
      to: '2026-11-25',
    });
  });

  it('has no filters on the bare address', () => {
    expect(read('')).toEqual(NO_FILTERS);
  });

  it.each([
    ['an actor that is no id', '?actor=abc'],
    ['an actor of zero', '?actor=0'],
    ['an actor beyond the ids', '?actor=99999999999'],
    ['an unknown kind', '?kind=group.explode'],
    ['an inherited property as kind', '?kind=toString'],
    ['a day in another format', '?from=25.11.2026'],
    ['a day that does not exist', '?to=2026-02-30'],
  ])('ignores %s', (_what, search) => {
    expect(read(search)).toEqual(NO_FILTERS);
  });
});

describe('auditSearch', () => {
  it('writes the set filters in a fixed order and leaves out the rest', () => {
    expect(auditSearch({ actor: 7, kind: null, from: null, to: '2026-11-25' })).toBe(
      '?actor=7&to=2026-11-25',
    );
  });

  it('is empty without filters', () => {
    expect(auditSearch(NO_FILTERS)).toBe('');
  });

  it('reads back what it writes', () => {
    const filters: AuditFilters = { actor: 12, kind: 'member.role', from: '2026-01-01', to: '2026-12-31' };
    expect(read(auditSearch(filters))).toEqual(filters);
  });
});

describe('auditApiPath', () => {
  it('asks for the newest entries without filters', () => {
    expect(auditApiPath(NO_FILTERS, null)).toBe('/api/admin/audit');
  });

  it('continues after the last entry shown, with the filters', () => {
    expect(auditApiPath({ ...NO_FILTERS, kind: 'login.host' }, 120)).toBe(
      '/api/admin/audit?kind=login.host&before=120',
    );
  });
});

describe('hasFilters and datesReversed', () => {
  it('tells whether any filter is set', () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, from: '2026-11-01' })).toBe(true);
  });

  it("notices a 'Bis' before the 'Von'", () => {
    expect(datesReversed({ ...NO_FILTERS, from: '2026-11-02', to: '2026-11-01' })).toBe(true);
    expect(datesReversed({ ...NO_FILTERS, from: '2026-11-01', to: '2026-11-01' })).toBe(false);
    expect(datesReversed({ ...NO_FILTERS, to: '2026-11-01' })).toBe(false);
  });
});

describe('readDay', () => {
  it('accepts a leap day and refuses one that is not', () => {
    expect(readDay('2028-02-29')).toBe('2028-02-29');
    expect(readDay('2026-02-29')).toBeNull();
    expect(readDay('')).toBeNull();
  });
});

describe('parseGermanDay', () => {
  it('reads a German day, with or without leading zeros', () => {
    expect(parseGermanDay('25.11.2026')).toBe('2026-11-25');
    expect(parseGermanDay(' 1.2.2026 ')).toBe('2026-02-01');
  });

  it('reads the ISO form too', () => {
    expect(parseGermanDay('2026-11-25')).toBe('2026-11-25');
  });

  it('is null while the day is incomplete or does not exist', () => {
    expect(parseGermanDay('25.11.202')).toBeNull();
    expect(parseGermanDay('25.11.')).toBeNull();
    expect(parseGermanDay('31.11.2026')).toBeNull();
    expect(parseGermanDay('')).toBeNull();
  });
});
