import {
  ACCOUNT_EXPORT_API,
  DEFAULT_NOTIFICATION_SETTINGS,
  FORUM_API,
  MESSAGES,
  NOTIFICATIONS_API,
  type TAccountExport,
  ZAccountExport,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForum, createPost, createThread } from '../forums/forum-helpers.ts';
import { buildAnswer, buildEvent } from '../helpers/builders-events.ts';
import { userId } from '../helpers/factories.ts';
import { createPrivacyWorld, exportOf, getExport, type PrivacyWorld } from './privacy-helpers.ts';

let w: PrivacyWorld;
let forumId: number;
let ownThread: { id: number; name: string };
let otherThread: { id: number; name: string };
let attended: number;
let declined: number;
beforeAll(async () => {
  w = await createPrivacyWorld();
  forumId = (await createForum(w, 'Technik & Normen')).id;
  ownThread = await createThread(w, forumId, w.as.mitglied, [], 'Isolierglas beschlägt innen');
  await createPost(w, ownThread.id, w.as.kollege, [], '<p>Antwort des Kollegen: Randverbund prüfen.</p>');
  otherThread = await createThread(w, forumId, w.as.kollege, [], 'Kollegenthema Wärmedämmung');
  await createPost(w, otherThread.id, w.as.mitglied, [], '<p>Meine <strong>zweite</strong> Antwort.</p>');
  // writing followed the kollege's thread too; the member stops following it
  const unfollow = await w.app.inject({
    method: 'PUT',
    url: FORUM_API.follow(otherThread.id),
    headers: w.as.mitglied,
    payload: { following: false },
  });
  expect(unfollow.statusCode).toBe(200);

  attended = (await buildEvent(w, { name: 'Glastage 2026' })).id;
  declined = (await buildEvent(w, { name: 'Stammtisch Süd' })).id;
  const [mitglied, kollege] = [await userId(w, 'mitglied'), await userId(w, 'kollege')];
  await buildAnswer(w, { eventId: attended, userId: mitglied, status: true });
  await buildAnswer(w, { eventId: declined, userId: mitglied, status: false });
  await buildAnswer(w, { eventId: attended, userId: kollege, status: false });

  const saved = await w.app.inject({
    method: 'PUT',
    url: NOTIFICATIONS_API.settings,
    headers: w.as.kollege,
    payload: { forumReplies: false, digest: 'weekly' },
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(() => w.close());

describe('GET /api/account/export', () => {
  it("should give the member's own data as a JSON download", async () => {
    const lastLogin = new Date('2026-11-20T08:15:00.000Z');
    await w.t.database.db
      .updateTable('users')
      .set({ lastLoginAt: lastLogin })
      .where('id', '=', await userId(w, 'mitglied'))
      .execute();
    const response = await getExport(w, w.as.mitglied);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="meine-daten.json"; filename*=UTF-8''meine-daten.json`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const data = response.json<TAccountExport>();
    expect(ZAccountExport.parse(data)).toEqual(data);
    expect(Date.parse(data.exportedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(data.profile).toEqual({
      username: 'mitglied',
      email: 'erika.muster@glaserei.example',
      company: 'Glaserei Muster GmbH',
      firstName: null,
      lastName: null,
      role: 'ROLE_USER',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lastLoginAt: lastLogin.toISOString(),
    });
    expect(data.groups).toEqual(['Geschäftsführung', 'Mitglieder']);
    expect(data.eventAnswers).toEqual([
      {
        eventId: attended,
        event: 'Glastage 2026',
        startAt: expect.any(String),
        answer: 'attend',
        guests: 0,
        waitlistPosition: null,
        answeredAt: expect.any(String),
      },
      {
        eventId: declined,
        event: 'Stammtisch Süd',
        startAt: expect.any(String),
        answer: 'decline',
        guests: 0,
        waitlistPosition: null,
        answeredAt: expect.any(String),
      },
    ]);
    expect(data.forumPosts).toEqual([
      {
        id: expect.any(Number),
        forum: 'Technik & Normen',
        thread: 'Isolierglas beschlägt innen',
        threadId: ownThread.id,
        content: '<p>Woran liegt das?</p>',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
      {
        id: expect.any(Number),
        forum: 'Technik & Normen',
        thread: 'Kollegenthema Wärmedämmung',
        threadId: otherThread.id,
        content: '<p>Meine <strong>zweite</strong> Antwort.</p>',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    expect(data.notificationSettings).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect(data.followedThreads).toEqual([{ threadId: ownThread.id, thread: 'Isolierglas beschlägt innen' }]);
  });

  it("should hold nothing of another member's data", async () => {
    const text = (await getExport(w, w.as.mitglied)).body;
    for (const foreign of ['kollege', 'Fensterbau', 'Randverbund prüfen', 'partner@', 'redaktion'])
      expect(text).not.toContain(foreign);

    const other = await exportOf(w, w.as.kollege);
    expect(other.profile.username).toBe('kollege');
    expect(other.groups).toEqual(['Mitglieder']);
    expect(other.eventAnswers.map((answer) => [answer.event, answer.answer])).toEqual([
      ['Glastage 2026', 'decline'],
    ]);
    expect(other.forumPosts.map((post) => post.content)).toEqual([
      '<p>Antwort des Kollegen: Randverbund prüfen.</p>',
      '<p>Woran liegt das?</p>',
    ]);
    expect(other.notificationSettings).toEqual({ forumReplies: false, digest: 'weekly', mentions: true });
    expect(other.followedThreads.map((thread) => thread.thread)).toEqual([
      'Isolierglas beschlägt innen',
      'Kollegenthema Wärmedämmung',
    ]);
    expect(JSON.stringify(other)).not.toContain('erika.muster');
  });

  it.each([
    ['partner', 'ROLE_PARTNER', ['Partner']],
    ['kollege', 'ROLE_USER', ['Mitglieder']],
    ['admin', 'ROLE_ADMIN', ['Mitglieder']],
    ['redaktion', 'ROLE_ADMIN', ['Mitglieder']],
  ] as const)('should give %s (%s) their own export', async (user, role, groups) => {
    const response = await getExport(w, w.as[user]);
    expect(response.statusCode).toBe(200);
    const data = response.json<TAccountExport>();
    expect(data.profile).toMatchObject({ username: user, role });
    expect(data.groups).toEqual(groups);
  });

  it('should give a member without anything the empty lists and the default settings', async () => {
    const data = await exportOf(w, w.as.partner);
    expect(data).toMatchObject({
      eventAnswers: [],
      forumPosts: [],
      followedThreads: [],
      notificationSettings: DEFAULT_NOTIFICATION_SETTINGS,
    });
  });

  it('should list every post of a member with thousands of them', async () => {
    const author = await userId(w, 'redaktion');
    const thread = await createThread(w, forumId, w.as.redaktion, [], 'Viele Beiträge');
    const at = new Date();
    const many = Array.from({ length: 2500 }, (_, i) => ({
      threadId: thread.id,
      authorId: author,
      content: `<p>Beitrag ${i + 1}</p>`,
      isFirst: false,
      createdAt: new Date(at.getTime() + (i + 1) * 1000),
      updatedAt: new Date(at.getTime() + (i + 1) * 1000),
    }));
    for (let start = 0; start < many.length; start += 500)
      await w.t.database.db
        .insertInto('forumPosts')
        .values(many.slice(start, start + 500))
        .execute();
    const data = await exportOf(w, w.as.redaktion);
    expect(data.forumPosts).toHaveLength(2501);
    expect(data.forumPosts.at(-1)).toMatchObject({
      thread: 'Viele Beiträge',
      content: '<p>Beitrag 2500</p>',
    });
  });

  it('should refuse a request without token with 401', async () => {
    const response = await getExport(w, {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MESSAGES.unauthorized });
  });

  it('should be described in the OpenAPI document', async () => {
    const response = await w.app.inject({ url: '/api/docs/json' });
    const { paths } = response.json<{
      paths: Record<string, Record<string, { description?: string; tags?: string[] }>>;
    }>();
    expect(paths[ACCOUNT_EXPORT_API]?.get?.tags).toEqual(['privacy']);
    expect(paths[ACCOUNT_EXPORT_API]?.get?.description).toContain('meine-daten.json');
  });
});
