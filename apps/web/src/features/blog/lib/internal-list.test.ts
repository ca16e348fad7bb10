import { describe, expect, it } from 'vitest';
import { seesInternalList } from './internal-list';

const members = { id: 1, name: 'Mitglieder', internal: false };
const board = { id: 3, name: 'Geschäftsführung', internal: true };

describe('FMK-Intern in the drawer', () => {
  it('is offered to members of an internal group', () => {
    expect(seesInternalList({ roles: ['ROLE_USER', 'ROLE_PARTNER'], groups: [members, board] })).toBe(true);
  });

  it('is not offered to members of other groups only', () => {
    expect(seesInternalList({ roles: ['ROLE_USER', 'ROLE_PARTNER'], groups: [members] })).toBe(false);
    expect(seesInternalList({ roles: ['ROLE_PARTNER'], groups: [] })).toBe(false);
  });

  it('is offered to admins, who see every list', () => {
    expect(seesInternalList({ roles: ['ROLE_ADMIN', 'ROLE_USER', 'ROLE_PARTNER'], groups: [] })).toBe(true);
  });
});
