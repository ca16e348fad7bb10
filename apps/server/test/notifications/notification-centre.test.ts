import { ID_MESSAGES, MESSAGES, NOTIFICATION_CENTRE_API } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, userId } from '../helpers/factories.ts';
import { createWorld, rowCounts, type World } from '../helpers/world.ts';
import { addNotice, countOf, getList, itemsOf, listOf, markRead, storedNotices } from './centre-helpers.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
  await w.t.database.db
    .updateTable('users')
    .set({ firstName: 'Erika', lastName: 'Muster' })
    .where('username', '=', 'chef')
    .execute();
});
afterAll(() => w.close());

const MINUTE = 60_000;

describe('GET /api/notifications', () => {
  it.each(['partner', 'mitglied', 'admin'] as const)('should answer %s their own list', async (user) => {
    await addNotice(w, user, { text: `Für ${user}.`, kind: 'eventChange', link: '/event/3' });
    const response = await getList(w, w.as[user]);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list).toEqual({
      unread: 1,
      hasMore: false,
      items: [
        {
          id: expect.any(Number),
          kind: 'eventChange',
          createdAt: expect.any(String),
          read: false,
          actor: null,
          text: `Für ${user}.`,
          link: '/event/3',
        },
      ],
    });
  });

  it('should refuse a request without token with 401', async () => {
    for (const url of [NOTIFICATION_CENTRE_API.list, NOTIFICATION_CENTRE_API.count]) {
      const response = await w.app.inject({ url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: MESSAGES.unauthorized });
    }
    const read = await markRead(w, {}, {});
    expect(read.statusCode).toBe(401);
  });

  it("should never show a member another member's notifications", async () => {
    await createUser(w.app, { username: 'eins' });
    await createUser(w.app, { username: 'zwei' });
    await addNotice(w, 'eins', { text: 'Nur für eins.' });
    const zwei = await w.login('zwei');
    expect(await listOf(w, zwei)).toEqual({ unread: 0, items: [], hasMore: false });
    expect(await countOf(w, zwei)).toBe(0);
    expect((await itemsOf(w, await w.login('eins'))).map((item) => item.text)).toEqual(['Nur für eins.']);
  });

  it('should list newest first and page on with before and hasMore', async () => {
    await createUser(w.app, { username: 'seiten' });
    const headers = await w.login('seiten');
    const start = Date.now() - 60 * MINUTE;
    for (let i = 1; i <= 5; i += 1) {
      await addNotice(w, 'seiten', { text: `Nummer ${i}.`, at: new Date(start + i * MINUTE) });
    }
    // two at the same moment: the later id first
    await addNotice(w, 'seiten', { text: 'Gleichzeitig A.', at: new Date(start + 3 * MINUTE) });
    const first = await listOf(w, headers, 'limit=3');
    expect(first.items.map((item) => item.text)).toEqual(['Nummer 5.', 'Nummer 4.', 'Gleichzeitig A.']);
    expect(first.hasMore).toBe(true);
    expect(first.unread).toBe(6);
    const second = await listOf(w, headers, `limit=3&before=${first.items.at(-1)?.id}`);
    expect(second.items.map((item) => item.text)).toEqual(['Nummer 3.', 'Nummer 2.', 'Nummer 1.']);
    expect(second.hasMore).toBe(false);
    const third = await listOf(w, headers, `limit=3&before=${second.items.at(-1)?.id}`);
    expect(third).toEqual({ unread: 6, items: [], hasMore: false });
  });

  it("should answer an empty page for a before that is another member's", async () => {
    await addNotice(w, 'beide', { text: 'Von beide.' });
    const [theirs] = await storedNotices(w, 'beide');
    await createUser(w.app, { username: 'fremdseite' });
    await addNotice(w, 'fremdseite', { text: 'Eigen.' });
    const list = await listOf(w, await w.login('fremdseite'), `before=${theirs?.id}`);
    expect(list).toEqual({ unread: 1, items: [], hasMore: false });
  });

  it('should neither list nor count a notification whose time lies ahead until then', async () => {
    await createUser(w.app, { username: 'geplant' });
    const headers = await w.login('geplant');
    await addNotice(w, 'geplant', { text: 'Später.', at: new Date(Date.now() + 60 * MINUTE) });
    await addNotice(w, 'geplant', { text: 'Jetzt.' });
    expect((await itemsOf(w, headers)).map((item) => item.text)).toEqual(['Jetzt.']);
    expect(await countOf(w, headers)).toBe(1);
  });

  it("should put the actor's current name in front, and 'Ehemaliges Mitglied' without one", async () => {
    await createUser(w.app, { username: 'leser' });
    const headers = await w.login('leser');
    await addNotice(w, 'leser', { kind: 'mention', actor: 'chef', text: 'hat Sie in „Glas“ erwähnt.' });
    const [item] = await itemsOf(w, headers);
    expect(item?.text).toBe('Erika Muster hat Sie in „Glas“ erwähnt.');
    expect(item?.actor).toEqual({ id: await userId(w, 'chef'), username: 'chef', name: 'Erika Muster' });
    await w.t.database.db
      .updateTable('notifications')
      .set({ actorId: null })
      .where('recipientId', '=', await userId(w, 'leser'))
      .execute();
    const [after] = await itemsOf(w, headers);
    expect(after?.text).toBe('Ehemaliges Mitglied hat Sie in „Glas“ erwähnt.');
    expect(after?.actor).toBeNull();
  });

  it('should keep one notification per recipient and key', async () => {
    await createUser(w.app, { username: 'einmal' });
    await addNotice(w, 'einmal', { key: 'reaction:7:thanks' });
    await addNotice(w, 'einmal', { key: 'reaction:7:thanks' });
    await addNotice(w, 'einmal', { key: 'reaction:7:helpful' });
    expect(await storedNotices(w, 'einmal')).toHaveLength(2);
  });

  it.each([
    ['a before that is no id', 'before=abc', ID_MESSAGES.invalid],
    ['a before of 0', 'before=0', ID_MESSAGES.invalid],
    ['a limit of 0', 'limit=0', undefined],
    ['a limit of 51', 'limit=51', undefined],
    ['a limit that is no number', 'limit=viele', undefined],
  ])('should refuse %s with 400 in German', async (_name, query, message) => {
    const response = await getList(w, w.as.mitglied, query);
    expect(response.statusCode).toBe(400);
    const { detail } = response.json<{ detail: string }>();
    if (message) expect(detail).toBe(message);
    expect(detail).not.toMatch(/expected|invalid|too (big|small)/i);
  });
});

describe('GET /api/notifications/count', () => {
  it('should count the unread ones only', async () => {
    await createUser(w.app, { username: 'zaehler' });
    const headers = await w.login('zaehler');
    expect(await countOf(w, headers)).toBe(0);
    await addNotice(w, 'zaehler');
    await addNotice(w, 'zaehler');
    expect(await countOf(w, headers)).toBe(2);
    const [first] = await itemsOf(w, headers);
    await markRead(w, headers, { ids: [first?.id] });
    expect(await countOf(w, headers)).toBe(1);
  });
});

describe('POST /api/notifications/read', () => {
  it('should mark the given ones read and answer the unread count', async () => {
    await createUser(w.app, { username: 'markiert' });
    const headers = await w.login('markiert');
    for (let i = 0; i < 3; i += 1) await addNotice(w, 'markiert', { text: `N${i}.` });
    const items = await itemsOf(w, headers);
    const response = await markRead(w, headers, { ids: [items[0]?.id, items[2]?.id] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unread: 1 });
    expect((await itemsOf(w, headers)).map((item) => item.read)).toEqual([true, false, true]);
    // idempotent
    expect((await markRead(w, headers, { ids: [items[0]?.id] })).json()).toEqual({ unread: 1 });
  });

  it.each([
    ['without a body', undefined],
    ['with an empty object', {}],
  ])('should mark every notification read %s', async (_name, body) => {
    const name = `alle${Math.random().toString(36).slice(2, 8)}`;
    await createUser(w.app, { username: name });
    const headers = await w.login(name);
    for (let i = 0; i < 3; i += 1) await addNotice(w, name);
    const response = await markRead(w, headers, body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unread: 0 });
    expect((await itemsOf(w, headers)).every((item) => item.read)).toBe(true);
  });

  it('should mark none for an empty list of ids', async () => {
    await createUser(w.app, { username: 'keine' });
    const headers = await w.login('keine');
    await addNotice(w, 'keine');
    expect((await markRead(w, headers, { ids: [] })).json()).toEqual({ unread: 1 });
  });

  it("should never mark another member's notifications", async () => {
    await createUser(w.app, { username: 'besitzer' });
    await createUser(w.app, { username: 'anderer' });
    await addNotice(w, 'besitzer');
    const [theirs] = await storedNotices(w, 'besitzer');
    const response = await markRead(w, await w.login('anderer'), { ids: [theirs?.id] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unread: 0 });
    expect((await markRead(w, await w.login('anderer'))).statusCode).toBe(200);
    expect((await storedNotices(w, 'besitzer'))[0]?.readAt).toBeNull();
  });

  it.each([
    ['ids that are no list', { ids: 'alle' }],
    ['an id that is no number', { ids: ['x'] }],
    ['an id of 0', { ids: [0] }],
    ['more than 500 ids', { ids: Array.from({ length: 501 }, (_, i) => i + 1) }],
  ])('should refuse %s with 400 in German and mark nothing', async (_name, body) => {
    await addNotice(w, 'mitglied');
    const before = await countOf(w, w.as.mitglied);
    const response = await markRead(w, w.as.mitglied, body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).not.toMatch(/expected|invalid input/i);
    expect(await countOf(w, w.as.mitglied)).toBe(before);
  });

  it('should refuse a body that is no JSON with 400', async () => {
    const response = await w.app.inject({
      method: 'POST',
      url: NOTIFICATION_CENTRE_API.read,
      headers: { ...w.as.mitglied, 'content-type': 'application/json' },
      payload: '{ids:',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: MESSAGES.invalidJson });
  });
});

describe('OpenAPI', () => {
  it('should describe the notification centre', async () => {
    const response = await w.app.inject({ url: '/api/docs/json' });
    const { paths } = response.json<{ paths: Record<string, Record<string, { description?: string }>> }>();
    expect(paths[NOTIFICATION_CENTRE_API.list]?.get?.description).toContain('newest first');
    expect(paths[NOTIFICATION_CENTRE_API.count]?.get?.description).toContain('unread');
    expect(paths[NOTIFICATION_CENTRE_API.read]?.post?.description).toContain('ids');
    expect(await rowCounts(w.t, ['notifications'])).toEqual({ notifications: expect.any(Number) });
  });
});
