import {
  DEFAULT_NOTIFICATION_SETTINGS,
  MESSAGES,
  NOTIFICATION_MESSAGES,
  NOTIFICATIONS_API,
  type TNotificationSettings,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../helpers/factories.ts';
import { createWorld, rowCounts, type World } from '../helpers/world.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.close());

type Headers = Record<string, string>;
const get = (headers: Headers) => w.app.inject({ url: NOTIFICATIONS_API.settings, headers });
const put = (headers: Headers, payload: unknown) =>
  w.app.inject({ method: 'PUT', url: NOTIFICATIONS_API.settings, headers, payload: payload as object });

async function versionOf(username: string): Promise<number | undefined> {
  const row = await w.t.database.db
    .selectFrom('notificationSettings')
    .innerJoin('users', 'users.id', 'notificationSettings.userId')
    .select('notificationSettings.version')
    .where('users.username', '=', username)
    .executeTakeFirst();
  return row?.version;
}

describe('GET /api/account/notifications', () => {
  it.each(['partner', 'mitglied', 'admin'] as const)(
    'should give %s the defaults while nothing is saved',
    async (user) => {
      const response = await get(w.as[user]);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
      expect(DEFAULT_NOTIFICATION_SETTINGS).toEqual({ forumReplies: true, digest: 'daily', mentions: true });
    },
  );

  it('should refuse a request without token with 401', async () => {
    const response = await get({});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MESSAGES.unauthorized });
  });
});

describe('PUT /api/account/notifications', () => {
  it('should take the settings as form fields too (decision 0005)', async () => {
    const response = await w.app.inject({
      method: 'PUT',
      url: NOTIFICATIONS_API.settings,
      headers: { ...w.as.chef, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'forumReplies=false&digest=never',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ forumReplies: false, digest: 'never', mentions: true });
    const again = await w.app.inject({
      method: 'PUT',
      url: NOTIFICATIONS_API.settings,
      headers: { ...w.as.chef, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'forumReplies=1&digest=daily',
    });
    expect(again.json()).toEqual({ forumReplies: true, digest: 'daily', mentions: true });
  });

  it.each(['partner', 'mitglied', 'chef', 'admin'] as const)(
    'should store the settings of %s and give them back',
    async (user) => {
      const settings: TNotificationSettings = { forumReplies: false, digest: 'weekly', mentions: false };
      const response = await put(w.as[user], settings);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(settings);
      expect((await get(w.as[user])).json()).toEqual(settings);
    },
  );

  it("should keep each member's settings apart", async () => {
    await createUser(w.app, { username: 'eigen' });
    await createUser(w.app, { username: 'fremd' });
    const eigen = await w.login('eigen');
    const fremd = await w.login('fremd');
    expect((await put(eigen, { forumReplies: false, digest: 'never' })).statusCode).toBe(200);
    expect((await get(eigen)).json()).toEqual({ forumReplies: false, digest: 'never', mentions: true });
    expect((await get(fremd)).json()).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });

  it('should raise the version with every save, also when nothing changed', async () => {
    await createUser(w.app, { username: 'versioniert' });
    const headers = await w.login('versioniert');
    expect(await versionOf('versioniert')).toBeUndefined();
    expect((await put(headers, { forumReplies: true, digest: 'daily' })).statusCode).toBe(200);
    expect(await versionOf('versioniert')).toBe(1);
    expect((await put(headers, { forumReplies: true, digest: 'daily' })).statusCode).toBe(200);
    expect(await versionOf('versioniert')).toBe(2);
    expect((await put(headers, { forumReplies: false, digest: 'daily' })).statusCode).toBe(200);
    expect(await versionOf('versioniert')).toBe(3);
  });

  it('should turn mention mails off and on, and leave them as they are when a client sends none', async () => {
    await createUser(w.app, { username: 'erwaehnt' });
    const headers = await w.login('erwaehnt');
    const off = await put(headers, { forumReplies: true, digest: 'daily', mentions: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ forumReplies: true, digest: 'daily', mentions: false });
    // a client made before issue 37 sends the two fields it knows: mentions stay off
    const older = await put(headers, { forumReplies: false, digest: 'weekly' });
    expect(older.json()).toEqual({ forumReplies: false, digest: 'weekly', mentions: false });
    expect((await get(headers)).json()).toEqual({ forumReplies: false, digest: 'weekly', mentions: false });
    const on = await put(headers, { forumReplies: false, digest: 'weekly', mentions: true });
    expect(on.json()).toEqual({ forumReplies: false, digest: 'weekly', mentions: true });
  });

  it('should take mentions as a form field too', async () => {
    await createUser(w.app, { username: 'formular' });
    const response = await w.app.inject({
      method: 'PUT',
      url: NOTIFICATIONS_API.settings,
      headers: { ...(await w.login('formular')), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'forumReplies=true&digest=daily&mentions=false',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ forumReplies: true, digest: 'daily', mentions: false });
  });

  it('should refuse a request without token with 401 and store nothing', async () => {
    const before = await rowCounts(w.t, ['notificationSettings']);
    const response = await put({}, { forumReplies: false, digest: 'never' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MESSAGES.unauthorized });
    expect(await rowCounts(w.t, ['notificationSettings'])).toEqual(before);
  });

  it.each([
    ['a digest that is no frequency', { forumReplies: true, digest: 'monthly' }, 'digest', 'digestInvalid'],
    ['a missing digest', { forumReplies: true }, 'digest', 'digestInvalid'],
    ['forumReplies as text', { forumReplies: 'ja', digest: 'daily' }, 'forumReplies', 'forumRepliesInvalid'],
    ['a missing forumReplies', { digest: 'daily' }, 'forumReplies', 'forumRepliesInvalid'],
    ['forumReplies null', { forumReplies: null, digest: 'weekly' }, 'forumReplies', 'forumRepliesInvalid'],
    [
      'mentions as text',
      { forumReplies: true, digest: 'daily', mentions: 'ja' },
      'mentions',
      'mentionsInvalid',
    ],
    ['mentions null', { forumReplies: true, digest: 'daily', mentions: null }, 'mentions', 'mentionsInvalid'],
  ] as const)(
    'should refuse %s with 400 and a German detail, changing nothing',
    async (_name, body, field, message) => {
      const headers = w.as.mitglied;
      const before = (await get(headers)).json<TNotificationSettings>();
      const versionBefore = await versionOf('mitglied');
      const response = await put(headers, body);
      expect(response.statusCode).toBe(400);
      const answer = response.json<{ detail: string; errors: Record<string, string> }>();
      expect(answer.errors[field]).toBe(NOTIFICATION_MESSAGES[message]);
      expect(answer.detail).toBe(NOTIFICATION_MESSAGES[message]);
      expect((await get(headers)).json()).toEqual(before);
      expect(await versionOf('mitglied')).toBe(versionBefore);
    },
  );

  it('should refuse fields it does not know with 400 in German', async () => {
    const before = await versionOf('partner');
    const response = await put(w.as.partner, { forumReplies: true, digest: 'daily', version: 99 });
    expect(response.statusCode).toBe(400);
    const answer = response.json<{ detail: string }>();
    expect(answer.detail).toMatch(/[Uu]nbekannt|[Uu]nerwartet|[Uu]nzulässig/);
    expect(answer.detail).not.toMatch(/Unrecognized/);
    expect(await versionOf('partner')).toBe(before);
  });

  it('should refuse a body that is no object with 400', async () => {
    const response = await w.app.inject({
      method: 'PUT',
      url: NOTIFICATIONS_API.settings,
      headers: { ...w.as.partner, 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).not.toMatch(/[Ee]xpected/);
  });
});
