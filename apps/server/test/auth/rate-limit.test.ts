import { API, MESSAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, tokenOfLink } from '../helpers/factories.ts';
import { createTestApp, TEST_API_KEY, TEST_ORIGIN, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '3' });
  await createUser(t.app, { username: 'ziel' });
  await createUser(t.app, { username: 'chefin', role: 'ROLE_ADMIN', password: 'richtig-richtig' });
});
afterAll(() => t.close());

const attempt = (username: string, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: API.generateLogin,
    remoteAddress: ip,
    headers,
    payload: { username, password: 'falsch' },
  });

describe('rate limits on login', () => {
  it('should answer 429 with a German message after too many attempts from one IP', async () => {
    const statuses: number[] = [];
    for (const name of ['a', 'b', 'c', 'd']) statuses.push((await attempt(name, '10.0.0.1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const blocked = await attempt('e', '10.0.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: MESSAGES.tooManyRequests });
  });

  it('should limit attempts on one username across IPs', async () => {
    const statuses: number[] = [];
    for (const ip of ['10.1.0.1', '10.1.0.2', '10.1.0.3', '10.1.0.4'])
      statuses.push((await attempt('Ziel', ip)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await attempt('ziel', '10.1.0.9')).statusCode).toBe(429);
  });

  it('should not limit the host website’s server calling with the API key', async () => {
    for (let i = 0; i < 6; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: API.generateLogin,
        remoteAddress: '10.2.0.1',
        headers: { authorization: `Bearer ${TEST_API_KEY}` },
        payload: { username: 'ziel' },
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('should limit GET /api/auth/login per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 19; i += 1) {
      statuses.push(
        (await t.app.inject({ url: '/api/auth/login?token=x', remoteAddress: '10.3.0.1' })).statusCode,
      );
    }
    expect(statuses.slice(0, 18).every((s) => s === 401)).toBe(true);
    expect(statuses[18]).toBe(429);
  });
});

/** A login link from the website's server (one IP for everybody), as it asks for each member. */
async function hostLink(username: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: API.generateLogin,
    remoteAddress: '10.5.0.1',
    headers: { authorization: `Bearer ${TEST_API_KEY}` },
    payload: { username, roles: ['ROLE_USER'] },
  });
  expect(response.statusCode).toBe(200);
  return tokenOfLink(response.json<{ link: string }>().link);
}

const tokenLogin = (token: string, ip: string) =>
  t.app.inject({ url: `${API.login}?token=${token}`, remoteAddress: ip });

describe('token logins from one network (issue 30)', () => {
  // RATE_LIMIT_MAX 3 here: 18 failed token uses a minute per IP, so 80 logins are far beyond any count of requests
  it('should let 80 members behind one address log in and refresh within a minute', async () => {
    const tokens: string[] = [];
    for (let i = 1; i <= 80; i += 1) tokens.push(await hostLink(`kollegin${i}`));
    const statuses: number[] = [];
    const refreshTokens: string[] = [];
    for (const token of tokens) {
      const response = await tokenLogin(token, '10.6.0.1');
      statuses.push(response.statusCode);
      if (response.statusCode === 200)
        refreshTokens.push(response.json<{ refreshToken: string }>().refreshToken);
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    for (const refreshToken of refreshTokens) {
      const response = await t.app.inject({
        method: 'POST',
        url: API.refresh,
        remoteAddress: '10.6.0.1',
        payload: { refreshToken },
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('should still refuse guessing: after 18 wrong tokens an address waits, even with a right one', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 18; i += 1) statuses.push((await tokenLogin(`falsch${i}`, '10.7.0.1')).statusCode);
    expect(statuses.every((status) => status === 401)).toBe(true);
    const valid = await hostLink('geduldig');
    const blocked = await tokenLogin(valid, '10.7.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: MESSAGES.tooManyRequests });
    // the token was not used up by the refusal: from another address it logs in
    expect((await tokenLogin(valid, '10.7.0.2')).statusCode).toBe(200);
  });

  it('should count wrong refresh tokens as guesses too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 19; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: API.refresh,
        remoteAddress: '10.8.0.1',
        payload: { refreshToken: `falsch${i}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 18).every((status) => status === 401)).toBe(true);
    expect(statuses[18]).toBe(429);
  });
});

describe('attempts refused by the Origin check', () => {
  it('do not count against the username, so a hostile page cannot lock the admin out', async () => {
    // Every member who opens the hostile page sends one attempt from their own IP.
    for (let i = 1; i <= 12; i += 1) {
      const hostile = await attempt('chefin', `10.4.0.${i}`, { origin: 'https://boese.example' });
      expect(hostile.statusCode).toBe(403);
    }
    const real = await t.app.inject({
      method: 'POST',
      url: API.generateLogin,
      remoteAddress: '10.4.1.1',
      headers: { origin: TEST_ORIGIN },
      payload: { username: 'chefin', password: 'richtig-richtig' },
    });
    expect(real.statusCode).toBe(200);
  });
});
