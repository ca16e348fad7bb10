import type { TBlog } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPost } from '../helpers/builders-content.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { ahead, HOUR, listPosts, titles } from './blog-helpers.ts';

let w: World;
const TOTAL = 25;

beforeAll(async () => {
  w = await createWorld();
  // Post 1 is the newest; every third one carries the tag 'Jeder3'. Posts 2 and 3 share one moment: the
  // later id comes first.
  const base = Date.now();
  for (let n = TOTAL; n >= 1; n -= 1) {
    await buildPost(w, {
      title: `Beitrag ${n}`,
      publishedAt: new Date(base - (n === 2 ? 3 : n) * HOUR),
      tags: n % 3 === 0 ? ['Jeder3'] : [],
    });
  }
  await buildPost(w, { title: 'Geplant', publishedAt: ahead(24 * HOUR) });
});
afterAll(() => w.t.close());

describe('paging of GET /api/blog/', () => {
  it('should answer page 1 with the 10 newest posts and the total', async () => {
    const page = await listPosts(w, w.as.mitglied);
    expect(page).toMatchObject({ total: TOTAL, page: 1, pageSize: 10 });
    expect(titles(page.items)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => `Beitrag ${n}`));
  });

  it('should cover every post exactly once across the pages, and answer an empty page after the last', async () => {
    const seen: TBlog[] = [];
    for (const number of [1, 2, 3]) {
      const page = await listPosts(w, w.as.mitglied, `page=${number}`);
      expect(page.total).toBe(TOTAL);
      seen.push(...page.items);
    }
    expect(seen).toHaveLength(TOTAL);
    expect(new Set(seen.map((post) => post.id)).size).toBe(TOTAL);
    const last = await listPosts(w, w.as.mitglied, 'page=3');
    expect(last.items).toHaveLength(5);
    const beyond = await listPosts(w, w.as.mitglied, 'page=4');
    expect(beyond).toMatchObject({ items: [], total: TOTAL, page: 4 });
  });

  it('should count only the tagged posts when filtering by tag', async () => {
    const page = await listPosts(w, w.as.mitglied, 'tag=Jeder3');
    expect(page.total).toBe(8);
    expect(titles(page.items)).toEqual([3, 6, 9, 12, 15, 18, 21, 24].map((n) => `Beitrag ${n}`));
    expect(page.tags).toEqual(['Jeder3']);
  });

  it('should count the scheduled post for an admin only', async () => {
    const admin = await listPosts(w, w.as.admin);
    expect(admin.total).toBe(TOTAL + 1);
    expect(admin.items[0]).toMatchObject({ title: 'Geplant', scheduled: true });
    const partner = await listPosts(w, w.as.partner);
    expect(partner).toMatchObject({ items: [], total: 0 });
  });
});
