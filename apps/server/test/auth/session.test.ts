import { API, AUTH_MESSAGES } from '@portal/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsService } from '../../src/features/accounts/accounts.service.ts';
import { bearer, createUser, login, loginLink, usedSecondsAgo } from '../helpers/factories.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { createTestApp, TEST_API_KEY, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.app, { username: 'mitglied', role: 'ROLE_USER' });
  await createUser(t.app, { username: 'partner', role: 'ROLE_PARTNER', groups: ['Partner'] });
  await createUser(t.app, { username: 'admin', role: 'ROLE_ADMIN' });
});
afterAll(() => t.close());

const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: API.refresh, payload: { refreshToken } });
const profile = (headers: Record<string, string>) => t.app.inject({ url: API.profile, headers });

describe('GET /api/account/profile', () => {
  it('should list the expanded roles of a member', async () => {
    const response = await profile(bearer(await login(t.app, 'mitglied')));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'mitglied', roles: ['ROLE_USER', 'ROLE_PARTNER'] });
  });

  it('should list only ROLE_PARTNER for a partner and all three for an admin', async () => {
    expect((await profile(bearer(await login(t.app, 'partner')))).json().roles).toEqual(['ROLE_PARTNER']);
    expect((await profile(bearer(await login(t.app, 'admin')))).json().roles).toEqual([
      'ROLE_ADMIN',
      'ROLE_USER',
      'ROLE_PARTNER',
    ]);
  });

  it('should accept the scheme in any case', async () => {
    const { token } = await login(t.app, 'mitglied');
    for (const scheme of ['BEARER', 'Bearer', 'bearer']) {
      expect((await profile({ authorization: `${scheme} ${token}` })).statusCode).toBe(200);
    }
  });

  it('should refuse a missing or malformed Authorization header with 401', async () => {
    const { token } = await login(t.app, 'mitglied');
    const headers: Record<string, string>[] = [
      {},
      { authorization: token },
      { authorization: `Basic ${token}` },
      { authorization: 'Bearer' },
      { authorization: `Bearer ${token} extra` },
      { authorization: 'Bearer not.a.jwt' },
    ];
    for (const h of headers) {
      const response = await profile(h);
      expect(response.statusCode).toBe(401);
      expect(typeof response.json().detail).toBe('string');
    }
  });

  it('should refuse an expired access token and one signed with another key', async () => {
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('portal')
      .setAudience('portal-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    expect((await profile({ authorization: `Bearer ${expired}` })).statusCode).toBe(401);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('portal')
      .setAudience('portal-api')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await profile({ authorization: `Bearer ${forged}` })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/token/refresh', () => {
  it('should return a new pair and refuse the old refresh token once the grace period is over', async () => {
    const first = await login(t.app, 'mitglied');
    const rotated = await refresh(first.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json<{ token: string; refreshToken: string }>();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await profile(bearer(second))).statusCode).toBe(200);
    await usedSecondsAgo(t, first.refreshToken, 11);
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
  });

  it('should revoke the whole family when an old refresh token is reused after the grace period', async () => {
    const first = await login(t.app, 'mitglied');
    const second = (await refresh(first.refreshToken)).json<{ refreshToken: string }>();
    await usedSecondsAgo(t, first.refreshToken, 11);
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    const afterReuse = await refresh(second.refreshToken);
    expect(afterReuse.statusCode).toBe(401);
    expect(afterReuse.json().detail).toBe(AUTH_MESSAGES.sessionExpired);
  });

  it('should leave other sessions of the same user alone', async () => {
    const phone = await login(t.app, 'mitglied');
    const desktop = await login(t.app, 'mitglied');
    await refresh(phone.refreshToken);
    await usedSecondsAgo(t, phone.refreshToken, 11);
    expect((await refresh(phone.refreshToken)).statusCode).toBe(401);
    expect((await refresh(desktop.refreshToken)).statusCode).toBe(200);
  });

  it('should accept the refresh token as form data', async () => {
    const { refreshToken } = await login(t.app, 'mitglied');
    const response = await t.app.inject({
      method: 'POST',
      url: API.refresh,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `refreshToken=${encodeURIComponent(refreshToken)}`,
    });
    expect(response.statusCode).toBe(200);
  });

  it('should accept the refresh token as multipart form data', async () => {
    const { refreshToken } = await login(t.app, 'mitglied');
    const body = await multipartBody({ refreshToken: refreshToken });
    const response = await t.app.inject({
      method: 'POST',
      url: API.refresh,
      ...body,
    });
    expect(response.statusCode).toBe(200);
  });

  it('should refuse an unknown, missing or expired refresh token', async () => {
    expect((await refresh('unbekannt')).statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'POST', url: API.refresh, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ refreshToken: AUTH_MESSAGES.refreshTokenRequired });
    const { refreshToken } = await login(t.app, 'partner');
    await t.database.db
      .updateTable('refreshTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .execute();
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });

  it('should store refresh tokens only as hashes', async () => {
    const { refreshToken } = await login(t.app, 'mitglied');
    const rows = await t.database.db.selectFrom('refreshTokens').select('tokenHash').execute();
    expect(rows.map((r) => r.tokenHash)).not.toContain(refreshToken);
  });
});

describe('POST /api/auth/logout', () => {
  it('should revoke the refresh-token family of the session', async () => {
    const pair = await login(t.app, 'mitglied');
    const response = await t.app.inject({
      method: 'POST',
      url: API.logout,
      headers: bearer(pair),
      payload: { refreshToken: pair.refreshToken },
    });
    expect(response.statusCode).toBe(204);
    expect((await refresh(pair.refreshToken)).statusCode).toBe(401);
  });

  it('should refuse a caller without a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: API.logout, payload: {} });
    expect(response.statusCode).toBe(401);
  });

  it('should not revoke another user’s session through its refresh token', async () => {
    const victim = await login(t.app, 'partner');
    const attacker = await login(t.app, 'mitglied');
    await t.app.inject({
      method: 'POST',
      url: API.logout,
      headers: bearer(attacker),
      payload: { refreshToken: victim.refreshToken },
    });
    expect((await refresh(victim.refreshToken)).statusCode).toBe(200);
  });
});

describe('a disabled user', () => {
  it('should be refused at once, also with a still valid access token and refresh token', async () => {
    await createUser(t.app, { username: 'gesperrt' });
    const pair = await login(t.app, 'gesperrt');
    expect((await profile(bearer(pair))).statusCode).toBe(200);
    await t.app.accounts.setDisabled('gesperrt', true);
    const response = await profile(bearer(pair));
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBe(AUTH_MESSAGES.accountDisabled);
    expect((await refresh(pair.refreshToken)).statusCode).toBe(401);
  });

  it('should be refused within seconds when another instance or the CLI disables the account', async () => {
    await createUser(t.app, { username: 'anderswo' });
    const pair = await login(t.app, 'anderswo');
    expect((await profile(bearer(pair))).statusCode).toBe(200);
    // The CLI and other instances have accounts services of their own on the same database.
    const elsewhere = createAccountsService(t.database.db);
    await elsewhere.setDisabled('anderswo', true);
    const disabledAt = Date.now();
    await expect
      .poll(async () => (await profile(bearer(pair))).statusCode, { timeout: 5_000, interval: 100 })
      .toBe(401);
    // The accounts' version is compared every 2 s; the cache alone would have kept the user for 30 s.
    expect(Date.now() - disabledAt).toBeLessThan(3_000);
  });

  it('should get no login link', async () => {
    await createUser(t.app, { username: 'ausgesperrt' });
    await t.app.accounts.setDisabled('ausgesperrt', true);
    const response = await t.app.inject({
      method: 'POST',
      url: API.generateLogin,
      headers: { authorization: `Bearer ${TEST_API_KEY}` },
      payload: { username: 'ausgesperrt' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe(AUTH_MESSAGES.accountDisabled);
  });

  it('should be refused with a login link issued before the account was disabled', async () => {
    await createUser(t.app, { username: 'spaet' });
    const link = await loginLink(t.app, 'spaet');
    await t.app.accounts.setDisabled('spaet', true);
    const token = new URL(link).searchParams.get('token');
    expect((await t.app.inject({ url: `/api/auth/login?token=${token}` })).statusCode).toBe(401);
  });
});
