import { API, AUTH_MESSAGES, type TTokenPair } from '@portal/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, login, usedSecondsAgo } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.app, { username: 'mitglied', role: 'ROLE_USER' });
  await createUser(t.app, { username: 'admin', role: 'ROLE_ADMIN' });
});
afterAll(() => t.close());

type App = TestApp['app'];
const refresh = (refreshToken: string, app: App = t.app) =>
  app.inject({ method: 'POST', url: API.refresh, payload: { refreshToken } });
const profile = (pair: TTokenPair, app: App = t.app) =>
  app.inject({ url: API.profile, headers: bearer(pair) });
const logout = (pair: TTokenPair, payload: Record<string, string>, app: App = t.app) =>
  app.inject({ method: 'POST', url: API.logout, headers: bearer(pair), payload });

async function refreshed(refreshToken: string, app: App = t.app): Promise<TTokenPair> {
  const response = await refresh(refreshToken, app);
  expect(response.statusCode).toBe(200);
  return response.json<TTokenPair>();
}

describe('logout', () => {
  it('refuses the access token of the logged-out session with 401 at once', async () => {
    const pair = await login(t.app, 'mitglied');
    expect((await profile(pair)).statusCode).toBe(200);
    expect((await logout(pair, { refreshToken: pair.refreshToken })).statusCode).toBe(204);
    const response = await profile(pair);
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBe(AUTH_MESSAGES.sessionExpired);
  });

  it('refuses every access token the session was given, the rotated ones included', async () => {
    const first = await login(t.app, 'mitglied');
    const second = await refreshed(first.refreshToken);
    expect((await logout(second, { refreshToken: second.refreshToken })).statusCode).toBe(204);
    expect((await profile(first)).statusCode).toBe(401);
    expect((await profile(second)).statusCode).toBe(401);
  });

  it('ends the caller’s own session even when it sends no refresh token, and every other session too', async () => {
    const phone = await login(t.app, 'mitglied');
    const desktop = await login(t.app, 'mitglied');
    expect((await logout(phone, {})).statusCode).toBe(204);
    expect((await profile(phone)).statusCode).toBe(401);
    expect((await profile(desktop)).statusCode).toBe(401);
  });

  it('leaves the other sessions of the user working when it names its refresh token', async () => {
    const phone = await login(t.app, 'mitglied');
    const desktop = await login(t.app, 'mitglied');
    expect((await logout(phone, { refreshToken: phone.refreshToken })).statusCode).toBe(204);
    expect((await profile(desktop)).statusCode).toBe(200);
    expect((await refresh(desktop.refreshToken)).statusCode).toBe(200);
  });

  it('leaves another user’s sessions alone', async () => {
    const admin = await login(t.app, 'admin');
    const member = await login(t.app, 'mitglied');
    await logout(member, {});
    expect((await profile(admin)).statusCode).toBe(200);
  });
});

describe('refresh-token reuse', () => {
  it('revokes the family after the grace period, and its access tokens are refused at once', async () => {
    const first = await login(t.app, 'mitglied');
    const second = await refreshed(first.refreshToken);
    expect((await profile(second)).statusCode).toBe(200);
    await usedSecondsAgo(t, first.refreshToken, 11);
    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().detail).toBe(AUTH_MESSAGES.sessionExpired);
    expect((await profile(first)).statusCode).toBe(401);
    expect((await profile(second)).statusCode).toBe(401);
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
  });

  it('gives a working pair to a refresh retried within the grace period and keeps the session', async () => {
    const first = await login(t.app, 'mitglied');
    const second = await refreshed(first.refreshToken);
    await usedSecondsAgo(t, first.refreshToken, 5);
    const retried = await refreshed(first.refreshToken);
    expect(retried.refreshToken).not.toBe(second.refreshToken);
    for (const pair of [second, retried]) expect((await profile(pair)).statusCode).toBe(200);
    // Both tabs go on refreshing with what they hold; neither counts as a reuse.
    expect((await refresh(second.refreshToken)).statusCode).toBe(200);
    expect((await refresh(retried.refreshToken)).statusCode).toBe(200);
  });

  it('answers two parallel refreshes with the same token both with 200, and the session keeps working', async () => {
    const first = await login(t.app, 'mitglied');
    const answers = await Promise.all([refresh(first.refreshToken), refresh(first.refreshToken)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const pairs = answers.map((answer) => answer.json<TTokenPair>());
    for (const pair of pairs) expect((await profile(pair)).statusCode).toBe(200);
    const [a, b] = pairs;
    if (!a || !b) throw new Error('two pairs expected');
    const next = await refreshed(b.refreshToken);
    expect((await profile(next)).statusCode).toBe(200);
    expect((await refresh(a.refreshToken)).statusCode).toBe(200);
  });

  it('gives no pair in the grace period once the session has ended', async () => {
    const first = await login(t.app, 'mitglied');
    const second = await refreshed(first.refreshToken);
    await logout(second, { refreshToken: second.refreshToken });
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  it('refuses a validly signed token that names no session', async () => {
    const member = await t.app.accounts.findUserByUsername('mitglied');
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(member?.id))
      .setIssuer('portal')
      .setAudience('portal-api')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const response = await profile({ token, refreshToken: '' });
    expect(response.statusCode).toBe(401);
  });
});

describe('a second instance on the same database', () => {
  it('refuses a token of a session ended on the first instance within the version window', async () => {
    const { app: second, close } = await t.secondInstance();
    try {
      const pair = await login(t.app, 'mitglied');
      // The second instance has now seen the session alive and keeps that in its cache.
      expect((await profile(pair, second)).statusCode).toBe(200);
      expect((await logout(pair, { refreshToken: pair.refreshToken })).statusCode).toBe(204);
      const endedAt = Date.now();
      await expect
        .poll(async () => (await profile(pair, second)).statusCode, { timeout: 5_000, interval: 100 })
        .toBe(401);
      // The sessions' version is compared every 2 s; without it the cache would keep the session.
      expect(Date.now() - endedAt).toBeLessThan(3_000);
    } finally {
      await close();
    }
  });

  it('refuses at once a token of a session that this instance ended, whichever instance saw it first', async () => {
    const { app: second, close } = await t.secondInstance();
    try {
      const first = await login(second, 'mitglied');
      const rotated = await refreshed(first.refreshToken, second);
      expect((await profile(rotated)).statusCode).toBe(200);
      await usedSecondsAgo(t, first.refreshToken, 11);
      expect((await refresh(first.refreshToken, second)).statusCode).toBe(401);
      expect((await profile(rotated, second)).statusCode).toBe(401);
    } finally {
      await close();
    }
  });
});
