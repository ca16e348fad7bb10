import { EVENTS_API, MESSAGES, NOTIFICATIONS_API } from '@portal/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type World } from '../helpers/world.ts';
import { createCategory, createFile } from '../media/media-helpers.ts';

// Issue 30 point 3: the public lookups by a secret address (unsubscribe links, calendar feeds, public media
// files) had no rate limit. With RATE_LIMIT_MAX=1 each allows 6 a minute per IP (six times the password
// attempts, as the token endpoints); media files count only addresses that do not exist.
const LIMIT = 6;

let w: World;
let publicPath = '';
beforeAll(async () => {
  w = await createWorld({ env: { RATE_LIMIT_MAX: '1' } });
  const category = await createCategory(w, { name: 'Öffentlich' });
  publicPath = (await createFile(w, category, 'Merkblatt')).publicPath;
});
afterAll(() => w.close());

const from = (remoteAddress: string, request: InjectOptions) => w.app.inject({ ...request, remoteAddress });

async function statuses(count: number, remoteAddress: string, request: InjectOptions): Promise<number[]> {
  const result: number[] = [];
  for (let i = 0; i < count; i += 1) result.push((await from(remoteAddress, request)).statusCode);
  return result;
}

describe('rate limits of public lookups', () => {
  it.each([
    [
      'the unsubscribe page',
      '198.51.100.1',
      { url: `${NOTIFICATIONS_API.unsubscribe}?token=gefaelscht` },
      400,
    ],
    [
      'the one-click unsubscribe',
      // an address of its own: both unsubscribe cases count against the same limit
      '198.51.100.2',
      {
        method: 'POST',
        url: `${NOTIFICATIONS_API.unsubscribe}?token=gefaelscht`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      },
      400,
    ],
    ['the calendar feed', '198.51.100.3', { url: EVENTS_API.calendarFeed('unbekannt.ics') }, 404],
  ] as const)(
    'should answer %s with 429 in German after the limit, per IP',
    async (_what, ip, request, status) => {
      expect(await statuses(LIMIT, ip, request)).toEqual(Array<number>(LIMIT).fill(status));
      const refused = await from(ip, request);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ detail: MESSAGES.tooManyRequests });
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await from('203.0.113.9', request)).statusCode).toBe(status);
    },
  );

  it('should count unknown media addresses per IP and then refuse even known ones for the minute', async () => {
    const ip = '192.0.2.44';
    const unknown = { url: '/media-files/gibt-es-nicht-0123456789abcdef' };
    expect(await statuses(LIMIT, ip, unknown)).toEqual(Array<number>(LIMIT).fill(404));
    const refused = await from(ip, unknown);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: MESSAGES.tooManyRequests });
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await from(ip, { url: publicPath })).statusCode).toBe(429);
    // another IP is not touched, and a host page's visitors may fetch a known file as often as they like
    expect(await statuses(LIMIT * 2, '192.0.2.45', { url: publicPath })).toEqual(
      Array<number>(LIMIT * 2).fill(200),
    );
  });
});
