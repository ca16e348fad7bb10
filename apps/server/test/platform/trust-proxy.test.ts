import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const PROXY = '127.0.0.1';
// RATE_LIMIT_MAX=1: the token endpoint allows six times as many, 6 a minute per IP.
const TOKEN_LIMIT = 6;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: PROXY, RATE_LIMIT_MAX: '1' });
});
afterAll(() => t.close());

const tokenAttempt = (remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    url: '/api/auth/login?token=falsch',
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });

async function statuses(count: number, send: (i: number) => ReturnType<typeof tokenAttempt>) {
  const result: number[] = [];
  for (let i = 0; i < count; i += 1) result.push((await send(i)).statusCode);
  return result;
}

const limitReached = [...Array<number>(TOKEN_LIMIT).fill(401), 429];

describe('TRUST_PROXY with the proxy’s address', () => {
  it('should take the client’s address from X-Forwarded-For sent by the trusted proxy', async () => {
    expect(await statuses(TOKEN_LIMIT + 1, () => tokenAttempt(PROXY, '203.0.113.1'))).toEqual(limitReached);
    // Another member behind the same proxy has a count of its own.
    expect((await tokenAttempt(PROXY, '203.0.113.2')).statusCode).toBe(401);
    expect(t.logs()).toContain('"ip":"203.0.113.2"');
  });

  it('should ignore X-Forwarded-For from a peer that is not the proxy, so rotating it resets nothing', async () => {
    const direct = '198.51.100.7';
    const rotating = await statuses(TOKEN_LIMIT + 1, (i) => tokenAttempt(direct, `203.0.113.${100 + i}`));
    expect(rotating).toEqual(limitReached);
    expect((await tokenAttempt(direct)).statusCode).toBe(429);
    expect(t.logs()).not.toContain('"ip":"203.0.113.100"');
  });

  it('should ignore the addresses a client puts in front of the proxy’s own entry', async () => {
    // nginx's $proxy_add_x_forwarded_for appends the real peer to whatever the client sent.
    const rotating = await statuses(TOKEN_LIMIT + 1, (i) => tokenAttempt(PROXY, `10.9.9.${i}, 203.0.113.50`));
    expect(rotating).toEqual(limitReached);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  let hops: TestApp;
  beforeAll(async () => {
    hops = await createTestApp({ TRUST_PROXY: '1', RATE_LIMIT_MAX: '1' });
  });
  afterAll(() => hops.close());

  const attempt = (remoteAddress: string, forwardedFor: string) =>
    hops.app.inject({
      url: '/api/auth/login?token=falsch',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('should take the client’s address from the one proxy on a private network', async () => {
    expect(await statuses(TOKEN_LIMIT + 1, () => attempt('10.0.0.5', '203.0.113.60'))).toEqual(limitReached);
    expect((await attempt('10.0.0.5', '203.0.113.61')).statusCode).toBe(401);
    expect(hops.logs()).toContain('"ip":"203.0.113.61"');
  });

  it('should not take a client on the internet that connects directly for a proxy', async () => {
    const rotating = await statuses(TOKEN_LIMIT + 1, (i) => attempt('198.51.100.8', `203.0.113.${150 + i}`));
    expect(rotating).toEqual(limitReached);
  });

  it('should believe one hop only, whatever a client writes in front of it', async () => {
    const rotating = await statuses(TOKEN_LIMIT + 1, (i) =>
      attempt('127.0.0.1', `10.8.8.${i}, 203.0.113.70`),
    );
    expect(rotating).toEqual(limitReached);
  });
});
