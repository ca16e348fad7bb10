import { BLOG_API, BLOG_MESSAGES, MESSAGES, type TBlog } from '@portal/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWorld, type World } from '../helpers/world.ts';
import { ago, ahead, createPost, HOUR, listPosts, titles } from './blog-helpers.ts';

let w: World;
const posts: Record<string, TBlog> = {};

beforeAll(async () => {
  w = await createWorld();
  const { mitglieder, gf, partner } = w.groups;
  const create = async (title: string, overrides: Parameters<typeof createPost>[1]) => {
    posts[title] = await createPost(w, { title, ...overrides });
  };
  await create('Mitglieder', {
    visibleForUserGroups: [mitglieder],
    publishedAt: ago(1 * HOUR),
    tags: ['Technik'],
  });
  await create('Intern', { visibleForUserGroups: [gf], publishedAt: ago(2 * HOUR), tags: ['Intern'] });
  await create('Beide', {
    visibleForUserGroups: [mitglieder, gf],
    publishedAt: ago(3 * HOUR),
    tags: ['Technik', 'Intern'],
  });
  await create('Partner', {
    visibleForUserGroups: [partner],
    publishedAt: ago(4 * HOUR),
    tags: ['Angebote'],
  });
  await create('Versteckt', {
    visibleForUserGroups: [mitglieder],
    publishedAt: ago(5 * HOUR),
    displayOnDashboard: false,
  });
  await create('Geplant', {
    visibleForUserGroups: [mitglieder],
    publishedAt: ahead(10 * 60_000),
    tags: ['Vorschau'],
  });
});
afterAll(() => w.t.close());
afterEach(() => vi.useRealTimers());

describe('GET /api/blog/', () => {
  it('should refuse a request without token with 401', async () => {
    const response = await w.t.app.inject({ url: BLOG_API.list });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MESSAGES.unauthorized });
  });

  it.each([
    ['mitglied', false, ['Mitglieder', 'Beide', 'Versteckt'], ['Intern', 'Technik']],
    ['mitglied', true, [], []],
    ['chef', false, [], []],
    ['chef', true, ['Intern', 'Beide'], ['Intern', 'Technik']],
    ['beide', false, ['Mitglieder', 'Beide', 'Versteckt'], ['Intern', 'Technik']],
    ['beide', true, ['Intern', 'Beide'], ['Intern', 'Technik']],
    ['partner', false, ['Partner'], ['Angebote']],
    ['partner', true, [], []],
  ] as const)(
    'should show %s (ceo=%s) only the published posts of their groups',
    async (user, ceo, expected, tags) => {
      const page = await listPosts(w, w.as[user], ceo ? 'ceo=true' : '');
      expect(titles(page.items)).toEqual(expected);
      expect(page).toMatchObject({ total: expected.length, page: 1, pageSize: 10, tags });
      expect(page.items.every((post) => !post.scheduled)).toBe(true);
    },
  );

  it('should show an admin every post of the list, scheduled ones marked', async () => {
    const plain = await listPosts(w, w.as.admin);
    expect(titles(plain.items)).toEqual(['Geplant', 'Mitglieder', 'Beide', 'Partner', 'Versteckt']);
    expect(plain.items.map((post) => post.scheduled)).toEqual([true, false, false, false, false]);
    expect(plain.tags).toEqual(['Angebote', 'Intern', 'Technik', 'Vorschau']);
    const ceo = await listPosts(w, w.as.admin, 'ceo=true');
    expect(titles(ceo.items)).toEqual(['Intern', 'Beide']);
  });

  it('should filter by tag and count only the matching posts', async () => {
    const technik = await listPosts(w, w.as.mitglied, 'tag=Technik');
    expect(titles(technik.items)).toEqual(['Mitglieder', 'Beide']);
    expect(technik.total).toBe(2);
    expect(technik.tags).toEqual(['Intern', 'Technik']);
    const intern = await listPosts(w, w.as.beide, 'tag=Intern&ceo=true');
    expect(titles(intern.items)).toEqual(['Intern', 'Beide']);
    const nul = await w.t.app.inject({ url: '/api/blog/?tag=Tech%00nik', headers: w.as.mitglied });
    expect(nul.statusCode).toBe(400);
    const hidden = await listPosts(w, w.as.mitglied, 'tag=Angebote');
    expect(hidden).toMatchObject({ items: [], total: 0 });
  });

  it('should return posts with every field of SPEC §3', async () => {
    const page = await listPosts(w, w.as.mitglied, 'tag=Technik');
    expect(page.items[1]).toEqual({
      id: posts.Beide?.id,
      title: 'Beide',
      preText: '<p>Kurz gesagt: es gibt Neues.</p>',
      content: '<p>Der ganze Beitrag.</p>',
      image: null,
      imagePath: null,
      visibleForUserGroups: [w.groups.mitglieder, w.groups.gf].sort((a, b) => a - b),
      publishedAt: posts.Beide?.publishedAt,
      displayOnDashboard: true,
      tags: ['Intern', 'Technik'],
      author: { username: 'admin', id: expect.any(Number), name: 'admin', photo: null },
      scheduled: false,
      // issue 34: a plain post, and a list carries no member's own state
      circular: false,
      circularNumber: null,
      attachments: [],
      confirmationRequired: false,
      confirmBy: null,
      confirmation: null,
      confirmationCounts: null,
    });
  });

  it('should answer 400 with a German message for an invalid page', async () => {
    const response = await w.t.app.inject({ url: '/api/blog/?page=0', headers: w.as.mitglied });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('page');
  });
});

describe('GET /api/blog/{id}', () => {
  it('should return a visible post', async () => {
    const response = await w.t.app.inject({
      url: BLOG_API.byId(posts.Mitglieder?.id ?? 0),
      headers: w.as.partner,
    });
    expect(response.statusCode).toBe(404);
    const own = await w.t.app.inject({ url: BLOG_API.byId(posts.Partner?.id ?? 0), headers: w.as.partner });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(posts.Partner);
  });

  it.each([
    ['mitglied', 'Intern'],
    ['chef', 'Mitglieder'],
    ['mitglied', 'Geplant'],
    ['beide', 'Geplant'],
  ] as const)('should answer %s 404 for the post "%s"', async (user, title) => {
    const response = await w.t.app.inject({ url: BLOG_API.byId(posts[title]?.id ?? 0), headers: w.as[user] });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: BLOG_MESSAGES.notFound });
  });

  it('should show an admin a scheduled post, marked as scheduled', async () => {
    const response = await w.t.app.inject({
      url: BLOG_API.byId(posts.Geplant?.id ?? 0),
      headers: w.as.admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ title: 'Geplant', scheduled: true });
  });

  it('should answer 404 for an unknown post and 401 without token', async () => {
    expect((await w.t.app.inject({ url: '/api/blog/999999', headers: w.as.admin })).statusCode).toBe(404);
    expect((await w.t.app.inject({ url: BLOG_API.byId(posts.Mitglieder?.id ?? 0) })).statusCode).toBe(401);
  });
});

describe('scheduled posts', () => {
  it('should show a scheduled post to members from its moment on', async () => {
    const before = await listPosts(w, w.as.mitglied);
    expect(titles(before.items)).not.toContain('Geplant');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11 * 60_000);
    const after = await listPosts(w, w.as.mitglied);
    expect(titles(after.items)[0]).toBe('Geplant');
    expect(after.total).toBe(before.total + 1);
    const byId = await w.t.app.inject({ url: BLOG_API.byId(posts.Geplant?.id ?? 0), headers: w.as.mitglied });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({ scheduled: false });
  });
});

describe('GET /api/blog/count/{max}', () => {
  const count = (user: keyof World['as'], max: number | string) =>
    w.t.app.inject({ url: BLOG_API.count(max), headers: w.as[user] });

  it.each([
    ['mitglied', 2, ['Mitglieder', 'Beide']],
    ['mitglied', 20, ['Mitglieder', 'Beide']],
    ['chef', 2, ['Intern', 'Beide']],
    ['partner', 2, ['Partner']],
    ['admin', 20, ['Mitglieder', 'Intern', 'Beide', 'Partner']],
  ] as const)(
    'should give %s the newest %s published dashboard posts they may see',
    async (user, max, expected) => {
      const response = await count(user, max);
      expect(response.statusCode).toBe(200);
      expect(titles(response.json<TBlog[]>())).toEqual(expected);
    },
  );

  it.each([0, 21, 'zwei'])('should refuse max=%s with 400 and a German message', async (max) => {
    const response = await count('mitglied', max);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(BLOG_MESSAGES.countRange);
  });

  it('should refuse a request without token with 401', async () => {
    expect((await w.t.app.inject({ url: '/api/blog/count/2' })).statusCode).toBe(401);
  });
});
