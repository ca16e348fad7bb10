import { describe, expect, it } from 'vitest';
import { formatDay, groupByCompany, parseGermanDay } from './confirmations';

const member = (username: string, company: string | null) => ({
  username,
  name: username,
  company,
  confirmedAt: null,
});

describe('confirmation lists', () => {
  it('groups by company in German order, members without a company last', () => {
    const groups = groupByCompany([
      member('b', 'Zander GmbH'),
      member('c', null),
      member('a', 'Ärzte AG'),
      member('d', 'Zander GmbH'),
      member('e', '  '),
      member('f', 'Bau KG'),
    ]);
    expect(groups.map((group) => [group.company, group.members.map((m) => m.username)])).toEqual([
      ['Ärzte AG', ['a']],
      ['Bau KG', ['f']],
      ['Zander GmbH', ['b', 'd']],
      [null, ['c', 'e']],
    ]);
  });

  it('reads and writes German days', () => {
    expect(parseGermanDay('5.3.2026')).toBe('2026-03-05');
    expect(parseGermanDay(' 31.12.2026 ')).toBe('2026-12-31');
    expect(parseGermanDay('31.02.2026')).toBeNull();
    expect(parseGermanDay('2026-03-05')).toBeNull();
    expect(formatDay('2026-03-05')).toBe('05.03.2026');
  });
});
