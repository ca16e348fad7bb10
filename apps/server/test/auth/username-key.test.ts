import { ADMIN_API, ADMIN_MESSAGES, API, AUTH_MESSAGES, ERASED_MEMBER_NAME } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usernameKey } from '../../src/platform/auth/username-key.ts';
import { createUser } from '../helpers/factories.ts';
import { TEST_API_KEY, TEST_ORIGIN } from '../helpers/test-app.ts';
import { createWorld, rowCounts, type World } from '../helpers/world.ts';

// Issue 30, point 12: usernames are compared after NFKC and without invisible characters, so 'admin',
// 'ａｄｍｉｎ' and 'ad\u200Bmin' are one account (password form) or refused as duplicates (the website's
// login that creates members, the admins' form); 'Ehemaliges Mitglied', the name of erased members, is
// nobody's.

let w: World;
beforeAll(async () => {
  w = await createWorld();
  await createUser(w.app, { username: 'Erika', role: 'ROLE_USER', password: 'richtig-geheim' });
});
afterAll(() => w.close());

const generate = (payload: Record<string, unknown>, headers: Record<string, string>) =>
  w.app.inject({ method: 'POST', url: API.generateLogin, payload, headers });
const host = { authorization: `Bearer ${TEST_API_KEY}` };
const users = async () => (await rowCounts(w.t, ['users'])).users;

/** Names that look like 'Erika' or read as her name, and are not spelt as she is but for letter case. */
const LOOK_ALIKES = [
  'ＥＲＩＫＡ',
  'Eri\u200Bka',
  '\u2060erika',
  'E\u00ADrika',
  'eri\u034Fka',
  'ｅｒｉｋａ\uFEFF',
];
const RESERVED = [
  ERASED_MEMBER_NAME,
  'ehemaliges  mitglied',
  'Ehemaliges\u00A0Mitglied',
  'Ｅhemaliges Mit\u200Bglied',
];

describe('usernameKey', () => {
  it.each(LOOK_ALIKES)('should give %j the key of Erika', (name) => {
    expect(usernameKey(name)).toBe(usernameKey('Erika'));
  });

  it('should keep names apart that read differently', () => {
    expect(usernameKey('Eri ka')).not.toBe(usernameKey('Erika'));
    expect(usernameKey('Erika2')).not.toBe(usernameKey('Erika'));
    expect(usernameKey('Érika')).not.toBe(usernameKey('Erika'));
  });
});

describe('the password form', () => {
  it.each(LOOK_ALIKES)('should log %j in as Erika', async (username) => {
    const response = await generate({ username, password: 'richtig-geheim' }, { origin: TEST_ORIGIN });
    expect(response.statusCode).toBe(200);
  });
});

describe("the website's login", () => {
  it('should log in a name that differs only in letter case as the same member', async () => {
    const before = await users();
    expect((await generate({ username: 'ERIKA' }, host)).statusCode).toBe(200);
    expect(await users()).toBe(before);
  });

  it.each(LOOK_ALIKES)('should refuse %j with 409 and create nobody', async (username) => {
    const before = await users();
    const response = await generate({ username }, host);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: AUTH_MESSAGES.usernameLookAlike });
    expect(await users()).toBe(before);
  });

  it.each(RESERVED)('should refuse the reserved name %j with 400 and create nobody', async (username) => {
    const before = await users();
    const response = await generate({ username }, host);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: AUTH_MESSAGES.usernameReserved,
      errors: { username: AUTH_MESSAGES.usernameReserved },
    });
    expect(await users()).toBe(before);
  });
});

describe("the admins' form", () => {
  const create = (username: string) =>
    w.app.inject({
      method: 'POST',
      url: ADMIN_API.members,
      headers: w.as.admin,
      payload: { username, role: 'ROLE_USER', groups: [] },
    });

  it.each(LOOK_ALIKES)('should refuse %j as taken', async (username) => {
    const response = await create(username);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: ADMIN_MESSAGES.usernameTaken,
      errors: { username: ADMIN_MESSAGES.usernameTaken },
    });
  });

  it.each(RESERVED)('should refuse the reserved name %j', async (username) => {
    const response = await create(username);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: AUTH_MESSAGES.usernameReserved,
      errors: { username: AUTH_MESSAGES.usernameReserved },
    });
  });
});
