import {
  ADMIN_API,
  AUTH_MESSAGES,
  BLOG_API,
  ERASED_MEMBER_NAME,
  EVENTS_API,
  FORUM_API,
  NOTIFICATIONS_API,
  SEARCH_API,
  type TAuditPage,
  type TBlog,
  type TCalendarLink,
  type TEvent,
  type TForum,
  type TForumPost,
  type TForumPostMedia,
  type TSearchResult,
  type TTokenPair,
} from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postInput, savePost as saveBlogPost } from '../blog/blog-helpers.ts';
import { createEvent, setStatus } from '../events/event-helpers.ts';
import { createForum, createPost, createThread, logo, readThread } from '../forums/forum-helpers.ts';
import { bearer, createUser, login, userId } from '../helpers/factories.ts';
import { TEST_ORIGIN } from '../helpers/test-app.ts';
import { createPrivacyWorld, erase, erasuresOf, type PrivacyWorld, userRow } from './privacy-helpers.ts';

const EMAIL = 'erika.muster@glaserei.example';

let w: PrivacyWorld;
let forumId: number;
let thread: { id: number };
let event: TEvent;
let declinedEvent: TEvent;
let blogPost: TBlog;
let id: number;
let session: TTokenPair;
let calendarFeed: string;

/** Tables that hold a member's data in rows of their own, by `user_id`. */
const PERSONAL_TABLES = {
  groups: 'userGroupMembers',
  eventAnswers: 'eventSubscriptions',
  sessions: 'sessions',
  refreshTokens: 'refreshTokens',
  loginTokens: 'loginTokens',
  calendarTokens: 'calendarTokens',
  notificationSettings: 'notificationSettings',
  readMarkers: 'forumThreadReaders',
} as const;

/** Rows of the member in every table that holds their data. */
async function personalRows(member: number): Promise<Record<keyof typeof PERSONAL_TABLES, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(PERSONAL_TABLES)) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}
      where ${sql.ref('userId')} = ${member}`.execute(w.t.database.db);
    counts[name] = Number(rows[0]?.n);
  }
  return counts as Record<keyof typeof PERSONAL_TABLES, number>;
}

const mailsTo = async (recipient: string) =>
  (await w.t.database.db.selectFrom('mailOutbox').select('id').where('recipient', '=', recipient).execute())
    .length;

beforeAll(async () => {
  w = await createPrivacyWorld();
  id = await userId(w, 'mitglied');
  session = await login(w.app, 'mitglied');
  forumId = (await createForum(w)).id;
  // the member's thread with an attachment; the kollege's reply queues a reply mail to the member
  thread = await createThread(w, forumId, w.as.mitglied, [logo()], 'Scheibe mit Kondensat');
  await createPost(w, thread.id, w.as.kollege, [], '<p>Antwort des Kollegen.</p>');
  await createPost(w, thread.id, w.as.mitglied, [], '<p>Danke, der Randverbund war undicht.</p>');
  event = await createEvent(w, { name: 'Glastage 2026' });
  declinedEvent = await createEvent(w, { name: 'Stammtisch Süd' });
  expect((await setStatus(w, bearer(session), event.id, 1)).statusCode).toBe(200);
  expect((await setStatus(w, w.as.kollege, event.id, 1)).statusCode).toBe(200);
  expect((await setStatus(w, bearer(session), declinedEvent.id, 0)).statusCode).toBe(200);
  const link = await w.app.inject({ method: 'POST', url: EVENTS_API.calendarToken, headers: w.as.mitglied });
  calendarFeed = new URL(link.json<TCalendarLink>().url).pathname;
  const settings = await w.app.inject({
    method: 'PUT',
    url: NOTIFICATIONS_API.settings,
    headers: w.as.mitglied,
    payload: { forumReplies: true, digest: 'weekly' },
  });
  expect(settings.statusCode).toBe(200);
  // a wrong password for the member's name: the form counts attempts per username
  const attempt = await w.app.inject({
    method: 'POST',
    url: '/external/generate/login',
    headers: { origin: TEST_ORIGIN },
    payload: { username: 'mitglied', password: 'falsches-passwort' },
  });
  expect(attempt.statusCode).toBe(401);
  const saved = await saveBlogPost(
    w,
    w.as.redaktion,
    postInput(w, { title: 'Neues aus der Redaktion', visibleForUserGroups: [w.groups.mitglieder] }),
  );
  expect(saved.statusCode).toBe(200);
  blogPost = saved.json<TBlog>();

  expect(await personalRows(id)).toEqual({
    groups: 2,
    eventAnswers: 2,
    sessions: 2,
    refreshTokens: 2,
    loginTokens: 2,
    calendarTokens: 1,
    notificationSettings: 1,
    readMarkers: 1,
  });
  expect(await mailsTo(EMAIL)).toBe(1);
  expect(await mailsTo('kollege@fensterbau.example')).toBe(1);

  const response = await erase(w, w.as.admin, id);
  expect(response.statusCode).toBe(204);
  expect(response.body).toBe('');
});
afterAll(() => w.close());

describe('DELETE /api/admin/members/{id}', () => {
  it("should keep the member's row as 'Ehemaliges Mitglied', without their data, disabled", async () => {
    const row = await userRow(w, id);
    expect(row).toMatchObject({
      id,
      username: ERASED_MEMBER_NAME,
      usernameKey: `ERASED#${id}`,
      email: null,
      company: null,
      passwordHash: null,
      searchKey: '',
      forumReadFrom: null,
      lastLoginAt: null,
      role: 'ROLE_USER',
    });
    expect(Boolean(row.disabled)).toBe(true);
    expect(row.erasedAt).not.toBeNull();
  });

  it('should delete groups, event answers, sessions, tokens, settings, read markers and mails to them', async () => {
    expect(await personalRows(id)).toEqual({
      groups: 0,
      eventAnswers: 0,
      sessions: 0,
      refreshTokens: 0,
      loginTokens: 0,
      calendarTokens: 0,
      notificationSettings: 0,
      readMarkers: 0,
    });
    expect(await mailsTo(EMAIL)).toBe(0);
    // other members' rows stay
    expect(await mailsTo('kollege@fensterbau.example')).toBe(1);
    expect((await personalRows(await userId(w, 'kollege'))).eventAnswers).toBe(1);
    const counters = await w.t.database.db.selectFrom('rateLimits').select('key').execute();
    expect(counters.map((row) => row.key)).not.toContain('login-user:mitglied');
  });

  it('should keep the mails to an address another member shares, until the last of them is erased', async () => {
    const shared = 'buero@glas.example';
    const first = (await createUser(w.app, { username: 'buero1', email: shared })).id;
    const second = (await createUser(w.app, { username: 'buero2', email: 'Buero@Glas.example' })).id;
    const at = new Date();
    await w.t.database.db
      .insertInto('mailOutbox')
      .values({
        recipient: shared,
        subject: 'Eilmeldung',
        html: '<p>x</p>',
        text: 'x',
        nextAttemptAt: at,
        createdAt: at,
      })
      .execute();
    expect((await erase(w, w.as.admin, first)).statusCode).toBe(204);
    expect(await mailsTo(shared)).toBe(1);
    expect((await erase(w, w.as.admin, second)).statusCode).toBe(204);
    expect(await mailsTo(shared)).toBe(0);
  });

  it("should keep their forum posts and attachments, shown as 'Ehemaliges Mitglied'", async () => {
    const shown = await readThread(w, thread.id, '', w.as.kollege);
    expect(shown.posts.map((post: TForumPost) => [post.author?.username, post.content])).toEqual([
      [ERASED_MEMBER_NAME, '<p>Woran liegt das?</p>'],
      ['kollege', '<p>Antwort des Kollegen.</p>'],
      [ERASED_MEMBER_NAME, '<p>Danke, der Randverbund war undicht.</p>'],
    ]);
    const first = shown.posts[0] as TForumPost;
    const [media] = first.forumPostMedia as [TForumPostMedia];
    expect(media.originalFilename).toBe('logo.png');
    const file = await w.app.inject({ url: media.filePath ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');

    const forum = await w.json<TForum>(FORUM_API.byId(forumId), w.as.kollege);
    expect(forum.threads.map((entry) => entry.author?.username)).toEqual([ERASED_MEMBER_NAME]);
  });

  it('should keep the posts findable, and the search index names nobody', async () => {
    const result = await w.json<TSearchResult>(
      `${SEARCH_API.search}?${new URLSearchParams({ q: 'Randverbund undicht' })}`,
      w.as.kollege,
    );
    expect(result.hits.map((hit) => [hit.type, hit.id])).toEqual([['forum', thread.id]]);
    const named = await w.t.database.db
      .selectFrom('searchDocuments')
      .select('id')
      .where((eb) =>
        eb.or([eb('foldedText', 'like', '%erika%'), eb('foldedText', 'like', '%glaserei muster%')]),
      )
      .execute();
    expect(named).toEqual([]);
  });

  it('should take them off the participants of events', async () => {
    const shown = await w.json<TEvent>(EVENTS_API.byId(event.id), w.as.admin);
    expect(shown).toMatchObject({ participantCount: 1, declinedCount: 0 });
    expect((await w.json<TEvent>(EVENTS_API.byId(declinedEvent.id), w.as.admin)).declinedCount).toBe(0);
    const csv = await w.app.inject({ url: EVENTS_API.participantsCsv(event.id), headers: w.as.admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('kollege');
    expect(csv.body).not.toContain('mitglied');
    expect(csv.body).not.toContain(EMAIL);
  });

  it('should refuse their access token, refresh token and calendar feed at once', async () => {
    const profile = await w.app.inject({ url: '/api/account/profile', headers: bearer(session) });
    expect(profile.statusCode).toBe(401);
    expect(profile.json()).toEqual({ detail: AUTH_MESSAGES.accountDisabled });
    const refresh = await w.app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await w.app.inject({ url: calendarFeed })).statusCode).toBe(404);
  });

  it('should record one audit entry with counts only, never their name or address', async () => {
    const entries = await erasuresOf(w, id);
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({
      actorId: await userId(w, 'admin'),
      kind: 'member.erase',
      subjectType: 'member',
      subjectId: id,
      subjectLabel: null,
    });
    expect(JSON.parse(entry?.changes ?? 'null')).toEqual({
      groups: { before: 2, after: 0 },
      eventAnswers: { before: 2, after: 0 },
      sessions: { before: 2, after: 0 },
      readMarkers: { before: 1, after: 0 },
      mails: { before: 1, after: 0 },
      // issue 37: the reply notification of the thread they followed
      notifications: { before: 1, after: 0 },
    });
    const serialised = JSON.stringify(entry);
    for (const personal of ['mitglied', 'erika', 'glaserei', 'Muster', 'Glaserei'])
      expect(serialised).not.toContain(personal);

    // the audit log's API names the member by their row: 'Ehemaliges Mitglied'
    const page = await w.json<TAuditPage>(`${ADMIN_API.audit}?kind=member.erase`, w.as.admin);
    const shown = page.items.find((item) => item.subjectId === id);
    expect(shown).toMatchObject({
      kind: 'member.erase',
      actor: { id: await userId(w, 'admin'), username: 'admin' },
      subject: ERASED_MEMBER_NAME,
    });
    for (const personal of ['"mitglied"', 'erika', 'Glaserei', 'Muster'])
      expect(JSON.stringify(shown)).not.toContain(personal);
  });

  it("should show a news post of an erased admin with the author 'Ehemaliges Mitglied'", async () => {
    const author = await userId(w, 'redaktion');
    expect((await erase(w, w.as.admin, author)).statusCode).toBe(204);
    const shown = await w.json<TBlog>(BLOG_API.byId(blogPost.id), w.as.kollege);
    expect(shown.author).toEqual({
      username: ERASED_MEMBER_NAME,
      id: author,
      name: ERASED_MEMBER_NAME,
      photo: null,
    });
    expect((await w.app.inject({ url: BLOG_API.list, headers: w.as.redaktion })).statusCode).toBe(401);
  });

  it('should send no digest and no reply mail to an erased member', async () => {
    await w.app.digestScheduler.runOnce(new Date(Date.now() + 8 * 24 * 60 * 60 * 1000));
    const rows = await personalRows(id);
    expect(rows.notificationSettings).toBe(0);
    // a reply in their thread, which they followed, mails nobody at their old address
    await createPost(w, thread.id, w.as.kollege, [], '<p>Noch eine Antwort.</p>');
    expect(await mailsTo(EMAIL)).toBe(0);
  });

  it('should list the erased members in `npm run user -- list` without their data', async () => {
    const listed = await w.app.accounts.listUsers();
    const erased = listed.filter((user) => user.erasedAt !== null);
    // mitglied, redaktion, buero1 and buero2
    expect(erased.map((user) => [user.username, user.email, user.company])).toEqual(
      Array.from({ length: 4 }, () => [ERASED_MEMBER_NAME, null, null]),
    );
    expect(listed.map((user) => user.username)).not.toContain('mitglied');
  });

  it('should be described in the OpenAPI document', async () => {
    const response = await w.app.inject({ url: '/api/docs/json' });
    const { paths } = response.json<{
      paths: Record<string, Record<string, { description?: string; tags?: string[] }>>;
    }>();
    const doc = paths[ADMIN_API.member.pattern.replace(':id', '{id}')]?.delete;
    expect(doc?.tags).toEqual(['admin', 'privacy']);
    expect(doc?.description).toContain("'Ehemaliges Mitglied'");
    expect(doc?.description).toContain('204');
  });
});
