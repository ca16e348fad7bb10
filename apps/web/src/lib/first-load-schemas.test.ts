import {
  ZBlog,
  ZContentCategory,
  ZContentCategoryFormData,
  ZContentCategoryTree,
  ZDashboardIntro,
  ZEvent,
  ZForumUnread,
  ZNotificationCount,
  ZProfile,
  ZTokenPair,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { ZodMiniType } from 'zod/mini';
import { ZEventList } from '../features/events/api/get-next-events';

/**
 * The answers the frame and the dashboard check before they show are checked with zod/mini schemas, so
 * that their first load carries zod's core and the few schema kinds they use, not classic zod's whole API
 * (issue 19, decision 0097; `node bench/bundle-size.ts` weighs it).
 */
const FIRST_LOAD_SCHEMAS = {
  ZBlog,
  ZContentCategory,
  ZContentCategoryFormData,
  ZContentCategoryTree,
  ZDashboardIntro,
  ZEvent,
  ZEventList,
  ZForumUnread,
  // the bell's count (issue 37): loaded on every framed screen once it has settled, polled every minute
  ZNotificationCount,
  ZProfile,
  ZTokenPair,
};

describe('schemas of the first load', () => {
  it.each(Object.entries(FIRST_LOAD_SCHEMAS))('%s is a zod/mini schema', (_name, schema) => {
    expect(schema).toBeInstanceOf(ZodMiniType);
  });

  it('checks as before: a category tree with children, an event with a null count', () => {
    const category = {
      id: 1,
      name: 'Verein',
      description: null,
      type: 'content',
      url: null,
      visibleForUserGroups: [1],
      showInQuickAccess: true,
      level: 1,
      position: 0,
      parentId: null,
      parentNames: [],
      children: [{ id: 2, name: 'Satzung', type: 'url' }],
    };
    expect(ZContentCategoryTree.safeParse([category]).success).toBe(false);
    const child = { ...category, id: 2, name: 'Satzung', parentId: 1, children: [] };
    expect(ZContentCategoryTree.parse([{ ...category, children: [child] }])).toEqual([
      { ...category, children: [child] },
    ]);
    const profile = { id: 1, username: 'a', email: null, company: null, roles: ['ROLE_USER'], groups: [] };
    expect(ZProfile.safeParse(profile).success).toBe(true);
    expect(ZProfile.safeParse({ ...profile, id: 1.5 }).success).toBe(false);
    expect(ZProfile.safeParse({ ...profile, roles: ['ROLE_GOD'] }).success).toBe(false);
  });
});
