import { FORUM_API, FORUM_MESSAGES, MESSAGES, type TForum, type TForumSummary } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildForum, buildThread } from '../helpers/builders-forums-media.ts';
import { userId } from '../helpers/factories.ts';
import {
  buildMemberThread,
  createForum,
  createForumWorld,
  createPost,
  createThread,
  type ForumWorld,
  forumRows,
  remove,
  saveForum,
} from './forum-helpers.ts';

let w: ForumWorld;
beforeAll(async () => {
  w = await createForumWorld();
});
afterAll(() => w.t.close());

const get = (url: string, headers = w.as.mitglied) => w.t.app.inject({ url, headers });

describe('GET /api/forum', () => {
  it('should answer 200 with every forum by name, its thread and post counts and its last activity', async () => {
    const technik = await createForum(w, 'Zuschnitt und Technik');
    const leer = await createForum(w, 'Ärger mit Lieferanten');
    const thread = await createThread(w, technik.id);
    const reply = await createPost(w, thread.id);
    await createThread(w, technik.id, w.as.kollege, [], 'Zweites Thema');

    const response = await get(FORUM_API.list);
    expect(response.statusCode).toBe(200);
    const forums = response.json<TForumSummary[]>();
    const mine = forums.filter((forum) => [technik.id, leer.id].includes(forum.id));
    expect(mine.map((forum) => forum.name)).toEqual(['Ärger mit Lieferanten', 'Zuschnitt und Technik']);
    expect(mine[0]).toEqual({ ...leer, threadCount: 0, postCount: 0, lastActivity: null });
    expect(mine[1]).toMatchObject({ id: technik.id, threadCount: 2, postCount: 3 });
    expect(Date.parse(mine[1]?.lastActivity ?? '')).toBeGreaterThanOrEqual(Date.parse(reply.createdAt));

    const slash = await get(`${FORUM_API.list}/`);
    expect(slash.statusCode).toBe(200);
    expect(slash.json()).toEqual(forums);
  });

  it('should refuse a partner with 403 and a request without token with 401', async () => {
    const refused = await get(FORUM_API.list, w.as.partner);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: MESSAGES.forbidden });
    expect((await w.t.app.inject({ url: FORUM_API.list })).statusCode).toBe(401);
  });
});

describe('GET /api/forum/{id}', () => {
  it('should answer 200 with the threads, newest activity first, with author, reply count and last reply', async () => {
    const forum = await createForum(w, 'Allgemeiner Austausch');
    const old = await createThread(w, forum.id, w.as.mitglied, [], 'Altes Thema');
    const quiet = await createThread(w, forum.id, w.as.kollege, [], 'Ruhiges Thema');
    const reply = await createPost(w, old.id, w.as.admin);

    const response = await get(FORUM_API.byId(forum.id));
    expect(response.statusCode).toBe(200);
    const body = response.json<TForum>();
    expect(body).toMatchObject({ id: forum.id, name: forum.name, threadCount: 2, postCount: 3, page: 1 });
    expect(body.threads).toEqual([
      {
        id: old.id,
        forumId: forum.id,
        name: 'Altes Thema',
        author: { username: 'mitglied', id: expect.any(Number), name: 'mitglied', photo: null },
        createdAt: old.createdAt,
        postCount: 2,
        replyCount: 1,
        lastReply: {
          createdAt: reply.createdAt,
          author: { username: 'admin', id: expect.any(Number), name: 'admin', photo: null },
        },
        lastActivity: reply.createdAt,
        // mitglied wrote the first post, not admin's reply
        unread: 1,
      },
      {
        id: quiet.id,
        forumId: forum.id,
        name: 'Ruhiges Thema',
        author: { username: 'kollege', id: expect.any(Number), name: 'kollege', photo: null },
        createdAt: quiet.createdAt,
        postCount: 1,
        replyCount: 0,
        lastReply: null,
        lastActivity: quiet.createdAt,
        unread: 1,
      },
    ]);
  });

  it('should page the threads with page and pageSize, pages never overlapping', async () => {
    const forum = await buildForum(w, { name: 'Viele Themen' });
    const names = ['Eins', 'Zwei', 'Drei', 'Vier', 'Fünf'];
    const authorId = await userId(w, 'mitglied');
    const start = Date.now() - names.length * 1000;
    for (const [n, name] of names.entries()) {
      await buildThread(w, {
        forumId: forum.id,
        name,
        posts: [{ authorId, at: new Date(start + n * 1000) }],
      });
    }
    const pages = [];
    for (const page of [1, 2, 3, 4]) {
      const response = await get(`${FORUM_API.byId(forum.id)}?page=${page}&pageSize=2`);
      expect(response.statusCode).toBe(200);
      pages.push(response.json<TForum>());
    }
    expect(pages.map((page) => page.threads.map((thread) => thread.name))).toEqual([
      ['Fünf', 'Vier'],
      ['Drei', 'Zwei'],
      ['Eins'],
      [],
    ]);
    expect(pages.every((page) => page.threadCount === 5 && page.pageSize === 2)).toBe(true);
  });

  it('should answer 404 for an unknown forum and 400 for an invalid page size', async () => {
    const missing = await get(FORUM_API.byId(999_999));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: FORUM_MESSAGES.forumNotFound });
    const forum = await buildForum(w, { name: 'Seitengröße' });
    expect((await get(`${FORUM_API.byId(forum.id)}?pageSize=0`)).statusCode).toBe(400);
    expect((await get(`${FORUM_API.byId(forum.id)}?pageSize=101`)).statusCode).toBe(400);
  });

  it('should refuse a partner with 403 and a request without token with 401', async () => {
    const forum = await buildForum(w, { name: 'Nur für Mitglieder' });
    expect((await get(FORUM_API.byId(forum.id), w.as.partner)).statusCode).toBe(403);
    expect((await w.t.app.inject({ url: FORUM_API.byId(forum.id) })).statusCode).toBe(401);
  });
});

describe('POST /api/forum/', () => {
  it('should create a forum with a sanitised description and update it', async () => {
    const created = await saveForum(w, w.as.admin, {
      name: '  Normen  ',
      description: '<p onclick="x()">DIN <strong>18008</strong></p><script>alert(1)</script>',
    });
    expect(created.statusCode).toBe(200);
    const forum = created.json<TForumSummary>();
    expect(forum).toEqual({
      id: expect.any(Number),
      name: 'Normen',
      description: '<p>DIN <strong>18008</strong></p>',
      threadCount: 0,
      postCount: 0,
      lastActivity: null,
      unreadThreads: 0,
    });

    const updated = await saveForum(w, w.as.admin, {
      id: forum.id,
      name: 'Normen und Richtlinien',
      description: 'Text',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ ...forum, name: 'Normen und Richtlinien', description: 'Text' });
    expect((await get(FORUM_API.byId(forum.id))).json()).toMatchObject({ name: 'Normen und Richtlinien' });
  });

  it('should accept the forum in a JSON body too', async () => {
    const response = await w.t.app.inject({
      method: 'POST',
      url: FORUM_API.save,
      headers: w.as.admin,
      payload: { forum: { name: 'JSON', description: 'Beschreibung' } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'JSON' });
  });

  it.each([
    ['name', { description: 'Text' }, FORUM_MESSAGES.nameRequired],
    ['name', { name: '   ', description: 'Text' }, FORUM_MESSAGES.nameRequired],
    ['name', { name: 'x'.repeat(201), description: 'Text' }, FORUM_MESSAGES.nameTooLong],
    ['description', { name: 'Forum' }, FORUM_MESSAGES.descriptionRequired],
    ['description', { name: 'Forum', description: '' }, FORUM_MESSAGES.descriptionRequired],
    ['description', { name: 'Forum', description: '<p></p>' }, FORUM_MESSAGES.descriptionRequired],
    [
      'description',
      { name: 'Forum', description: '<p><script>x</script></p>' },
      FORUM_MESSAGES.descriptionRequired,
    ],
  ])(
    'should refuse a missing or invalid %s with 400 and its German message',
    async (field, forum, message) => {
      const before = await forumRows(w);
      const response = await saveForum(w, w.as.admin, forum);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: message, errors: { [`forum.${field}`]: message } });
      expect(await forumRows(w)).toEqual(before);
    },
  );

  it('should refuse a forum field that is no JSON, and answer 404 for an unknown id', async () => {
    expect((await saveForum(w, w.as.admin, '{"name": ')).statusCode).toBe(400);
    const missing = await saveForum(w, w.as.admin, { id: 999_999, name: 'X', description: 'Y' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: FORUM_MESSAGES.forumNotFound });
  });

  it.each(['mitglied', 'partner'] as const)('should refuse %s with 403 and write nothing', async (user) => {
    const before = await forumRows(w);
    const response = await saveForum(w, w.as[user], { name: 'Forum', description: 'Text' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: MESSAGES.forbidden });
    expect(await forumRows(w)).toEqual(before);
  });

  it('should refuse a request without token with 401', async () => {
    expect((await saveForum(w, {}, { name: 'Forum', description: 'Text' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/forum/{id}', () => {
  it('should answer 204 and delete the forum with its threads and posts', async () => {
    const forum = await buildForum(w, { name: 'Wird gelöscht' });
    const thread = await buildMemberThread(w, forum.id, 1);
    const other = await buildForum(w, { name: 'Bleibt' });
    const kept = await buildMemberThread(w, other.id);
    const before = await forumRows(w);

    const response = await remove(w, FORUM_API.byId(forum.id), w.as.admin);
    expect(response.statusCode).toBe(204);
    expect(await forumRows(w)).toEqual({
      ...before,
      forums: before.forums - 1,
      threads: before.threads - 1,
      posts: before.posts - 2,
    });
    expect((await get(FORUM_API.byId(forum.id))).statusCode).toBe(404);
    expect((await get(FORUM_API.thread(thread.id))).statusCode).toBe(404);
    expect((await get(FORUM_API.thread(kept.id))).statusCode).toBe(200);

    const again = await remove(w, FORUM_API.byId(forum.id), w.as.admin);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: FORUM_MESSAGES.forumNotFound });
  });

  it.each(['mitglied', 'partner'] as const)('should refuse %s with 403 and keep the forum', async (user) => {
    const forum = await buildForum(w, { name: `Bleibt für ${user}` });
    const response = await remove(w, FORUM_API.byId(forum.id), w.as[user]);
    expect(response.statusCode).toBe(403);
    expect((await get(FORUM_API.byId(forum.id))).statusCode).toBe(200);
  });

  it('should refuse a request without token with 401', async () => {
    const forum = await buildForum(w, { name: 'Ohne Token' });
    expect((await remove(w, FORUM_API.byId(forum.id), {})).statusCode).toBe(401);
  });
});

describe('OpenAPI of the forums', () => {
  it('should describe every forum endpoint with paging and attachments', async () => {
    const response = await w.t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json<{ paths: Record<string, Record<string, { description?: string }>> }>();
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/forum',
        FORUM_API.save,
        '/api/forum/{id}',
        '/api/forumThread/',
        '/api/forumThread/{id}',
        FORUM_API.savePost,
        '/api/forumPost/{id}',
        '/api/forumThread/{id}/follow',
        FORUM_API.unread,
      ]),
    );
    expect(Object.keys(paths[FORUM_API.save] ?? {})).toEqual(['post']);
    expect(paths['/api/forumThread/{id}']?.get?.description).toContain('`page` 1-based, `last`, or `unread`');
    expect(paths['/api/forumThread/{id}/follow']?.put?.description).toContain('`{ following }`');
    expect(paths[FORUM_API.unread]?.get?.description).toContain('Neu im Forum');
    expect(paths[FORUM_API.savePost]?.post?.description).toContain('forumPostMedia[0]');
    expect(paths['/api/forumPost/{id}']?.delete?.description).toContain('409');
  });
});
