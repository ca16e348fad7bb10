import type { TAdminGroupUsage } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { isInUse, usageList } from './group-usage';

const UNUSED: TAdminGroupUsage = {
  memberCount: 0,
  postCount: 0,
  categoryCount: 0,
  posts: [],
  categories: [],
};

describe('isInUse', () => {
  it('is false when nothing has the group', () => {
    expect(isInUse(UNUSED)).toBe(false);
  });

  it.each([
    ['a member', { memberCount: 1 }],
    ['a post', { postCount: 1, posts: [{ id: 1, title: 'A' }] }],
    ['a category', { categoryCount: 1, categories: [{ id: 1, name: 'A' }] }],
  ])('is true when %s has it', (_what, counts) => {
    expect(isInUse({ ...UNUSED, ...counts })).toBe(true);
  });
});

describe('usageList', () => {
  it('lists every title when there are few', () => {
    expect(usageList(['A', 'B'], 2, 5)).toEqual({ titles: ['A', 'B'], more: 0 });
  });

  it('lists the first titles and counts the rest, also those the server did not send', () => {
    const titles = Array.from({ length: 20 }, (_, index) => `Beitrag ${index + 1}`);
    expect(usageList(titles, 42, 5)).toEqual({ titles: titles.slice(0, 5), more: 37 });
  });

  it('counts the rest when the server sent fewer titles than shown', () => {
    expect(usageList(['A'], 3, 5)).toEqual({ titles: ['A'], more: 2 });
  });
});
