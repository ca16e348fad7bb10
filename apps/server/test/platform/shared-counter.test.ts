import { API } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAttemptLimiter,
  createFailureLimiter,
  createSharedCounter,
} from '../../src/platform/http/shared-counter.ts';
import { createUser } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '3' });
  await createUser(t.app, { username: 'ziel' });
});
afterAll(() => t.close());

describe('the shared counter', () => {
  it('should count hits in a window and start again when it has ended', async () => {
    let now = 1_000_000;
    const counter = createSharedCounter(t.database.db, () => now);
    expect(await counter.hit('test:a', 60_000)).toEqual({ count: 1, resetAt: 1_060_000 });
    now += 30_000;
    expect(await counter.hit('test:a', 60_000)).toEqual({ count: 2, resetAt: 1_060_000 });
    expect(await counter.hit('test:b', 60_000)).toEqual({ count: 1, resetAt: 1_090_000 });
    now += 30_000;
    expect(await counter.hit('test:a', 60_000)).toEqual({ count: 1, resetAt: 1_120_000 });
  });

  it('should tell the hits of the current window without counting one', async () => {
    let now = 3_000_000;
    const counter = createSharedCounter(t.database.db, () => now);
    expect(await counter.peek('peek:a')).toBe(0);
    await counter.hit('peek:a', 60_000);
    await counter.hit('peek:a', 60_000);
    expect(await counter.peek('peek:a')).toBe(2);
    expect(await counter.peek('peek:a')).toBe(2);
    now += 60_000;
    expect(await counter.peek('peek:a')).toBe(0);
  });

  it('should limit failures only, not tries that succeed', async () => {
    const limiter = createFailureLimiter(createSharedCounter(t.database.db), 'failures', 2, 60_000);
    expect(await limiter.allowed('x')).toBe(true);
    await limiter.failed('x');
    expect(await limiter.allowed('x')).toBe(true);
    await limiter.failed('x');
    expect(await limiter.allowed('x')).toBe(false);
    expect(await limiter.allowed('y')).toBe(true);
  });

  it('should sweep ended windows now and then', async () => {
    let now = 5_000_000;
    const counter = createSharedCounter(t.database.db, () => now);
    await counter.hit('sweep:old', 1_000);
    now += 2_000;
    for (let i = 0; i < 500; i += 1) await counter.hit(`sweep:${i % 2}`, 60_000);
    const keys = await t.database.db
      .selectFrom('rateLimits')
      .select('key')
      .where('key', 'like', 'sweep:%')
      .execute();
    expect(keys.map((row) => row.key).sort()).toEqual(['sweep:0', 'sweep:1']);
  });

  it('should limit attempts of one kind without touching another kind', async () => {
    const counter = createSharedCounter(t.database.db);
    const limiter = createAttemptLimiter(counter, 'kind-a', 2, 60_000);
    const other = createAttemptLimiter(counter, 'kind-b', 2, 60_000);
    expect([await limiter.hit('x'), await limiter.hit('x'), await limiter.hit('x')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(await other.hit('x')).toBe(true);
  });
});

describe('two instances of the server on one database', () => {
  it('should share the login limits, per IP and per username', async () => {
    const { app: second, close } = await t.secondInstance();
    try {
      const attempt = (app: typeof second, username: string, ip: string) =>
        app.inject({
          method: 'POST',
          url: API.generateLogin,
          remoteAddress: ip,
          payload: { username, password: 'falsch' },
        });
      // Per username across IPs, alternating instances: the fourth attempt is refused by either.
      const statuses = [
        (await attempt(t.app, 'ziel', '10.9.0.1')).statusCode,
        (await attempt(second, 'ziel', '10.9.0.2')).statusCode,
        (await attempt(t.app, 'ziel', '10.9.0.3')).statusCode,
        (await attempt(second, 'ziel', '10.9.0.4')).statusCode,
      ];
      expect(statuses).toEqual([401, 401, 401, 429]);
      // Per IP across usernames, alternating instances.
      const perIp = [
        (await attempt(second, 'a', '10.9.1.1')).statusCode,
        (await attempt(t.app, 'b', '10.9.1.1')).statusCode,
        (await attempt(second, 'c', '10.9.1.1')).statusCode,
        (await attempt(t.app, 'd', '10.9.1.1')).statusCode,
      ];
      expect(perIp).toEqual([401, 401, 401, 429]);
    } finally {
      await close();
    }
  });
});
