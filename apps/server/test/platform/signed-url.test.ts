import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUrlSigner, SIGNED_URL_MAX_SECONDS } from '../../src/platform/storage/signed-url.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const HOUR = 60 * 60;

function parts(url: string) {
  const parsed = new URL(url, 'http://x');
  return {
    key: parsed.pathname.replace('/api/files/', ''),
    expires: Number(parsed.searchParams.get('expires')),
    signature: parsed.searchParams.get('signature') ?? '',
  };
}

/**
 * A signed file URL is a bearer credential: whoever has it (a forwarded link, a browser history, a proxy log)
 * reads the file without logging in. So it lives one hour at most.
 */
describe('signed file URLs', () => {
  it('live one hour at most', () => {
    expect(SIGNED_URL_MAX_SECONDS).toBe(HOUR);
  });

  it.each([undefined, 60, HOUR, 6 * HOUR, 30 * 24 * HOUR])(
    'never issue a URL that lives longer than an hour (asked for %s s)',
    (ttl) => {
      // Different moments inside the hour, since issuing rounds the expiry for the browser cache.
      for (const offset of [0, 1, 599, 600, 1799, 3599]) {
        const now = Date.UTC(2026, 0, 1, 12) + offset * 1000;
        const signer = createUrlSigner('secret', () => now);
        const { expires } = parts(signer.sign('a/b.png', ttl === undefined ? {} : { ttlSeconds: ttl }));
        const lifetime = expires - now / 1000;
        expect(lifetime).toBeGreaterThan(0);
        expect(lifetime).toBeLessThanOrEqual(HOUR);
      }
    },
  );

  it('refuse a URL more than one hour after it was issued', () => {
    let now = Date.UTC(2026, 0, 1, 12, 0, 1);
    const signer = createUrlSigner('secret', () => now);
    const { key, expires, signature } = parts(signer.sign('a/b.png'));
    expect(signer.verify(key, expires, signature)).toBe(true);
    now += HOUR * 1000 + 1;
    expect(signer.verify(key, expires, signature)).toBe(false);
  });

  it('refuse a URL that an older version signed for six hours, while it is more than an hour ahead', () => {
    const now = Date.UTC(2026, 0, 1, 12);
    const signer = createUrlSigner('secret', () => now);
    const expires = now / 1000 + 6 * HOUR;
    // The signature of that expiry, made as the signer makes it (HMAC-SHA256 of key and expiry).
    const signature = createHmac('sha256', 'files:secret').update(`a/b.png\n${expires}`).digest('base64url');
    expect(signer.verify('a/b.png', expires, signature)).toBe(false);
    expect(
      createUrlSigner('secret', () => (expires - HOUR) * 1000).verify('a/b.png', expires, signature),
    ).toBe(true);
  });
});

describe('GET /api/files/…', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(['1e10', ' 1', '1.', '0x1', '-1'])('refuses the expiry %j with 400', async (expires) => {
    const response = await t.app.inject({
      url: `/api/files/a/b.png?expires=${encodeURIComponent(expires)}&signature=x`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('detail');
  });
});
