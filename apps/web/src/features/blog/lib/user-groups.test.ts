import { describe, expect, it } from 'vitest';
import { userGroupList } from './user-groups';

describe('user groups of the post form', () => {
  const partner = { id: 2, name: 'Partner' };
  const board = { id: 3, name: 'Geschäftsführung' };

  it('takes a list and sorts it by name', () => {
    expect(userGroupList([partner, board])).toEqual([board, partner]);
  });

  it('takes the keyed form as well', () => {
    expect(userGroupList({ '2': partner, '3': board })).toEqual([board, partner]);
  });
});
