import type { TAdminMember } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { groupByCompany } from './member-groups';

const member = (id: number, company: { id: number; name: string } | null): TAdminMember => ({
  id,
  username: `m${id}`,
  email: null,
  company: null,
  memberCompany: company,
  role: 'ROLE_USER',
  groups: [],
  lastLoginAt: null,
  disabled: false,
  hasPassword: false,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const adler = { id: 4, name: 'Adler Glas GmbH' };
const zander = { id: 9, name: 'Zander Fenster' };

describe('groupByCompany', () => {
  it('puts each run of a company under one heading with the count of the whole list', () => {
    const groups = groupByCompany({
      items: [member(1, adler), member(2, adler), member(3, zander), member(4, null)],
      companies: [
        { company: adler, count: 7 },
        { company: zander, count: 1 },
        { company: null, count: 12 },
      ],
    });
    expect(
      groups.map((group) => [group.company?.name ?? null, group.count, group.members.map((m) => m.id)]),
    ).toEqual([
      ['Adler Glas GmbH', 7, [1, 2]],
      ['Zander Fenster', 1, [3]],
      [null, 12, [4]],
    ]);
  });

  it('counts the page itself where the answer carries no counts', () => {
    const groups = groupByCompany({ items: [member(1, adler), member(2, adler)] });
    expect(groups).toMatchObject([{ key: '4', count: 2 }]);
  });
});
