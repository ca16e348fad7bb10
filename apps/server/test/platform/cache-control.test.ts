import { API, EVENTS_API, MEDIA_API, type TCalendarLink, type TMediaFile } from '@portal/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, createEvent, DAY, HOUR } from '../events/event-helpers.ts';
import { TEST_API_KEY } from '../helpers/test-app.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { createCategory, uploads } from '../media/media-helpers.ts';

// Issue 30 point 10: Chromium's disk cache held the refresh token of GET /api/auth/login. No answer of the
// API may be stored by a browser or a proxy unless its route chooses its own caching (signed file URLs and
// public media files, which hold no personal data).

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.close());

const NO_STORE = /(^|[\s,])no-store($|[\s,])/;

/** Every operation the API documents, with `1` for each path parameter. */
async function operations(): Promise<{ method: InjectOptions['method']; url: string }[]> {
  const doc = (await w.app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, object> }>();
  return Object.entries(doc.paths).flatMap(([template, methods]) =>
    Object.keys(methods).map((method) => ({
      method: method.toUpperCase() as InjectOptions['method'],
      url: template.replace(/\{[^}]+\}/g, '1'),
    })),
  );
}

/** Routes that choose their own caching: files whose address is their permission, without personal data. */
const OWN_CACHING = [MEDIA_API.publicPrefix, MEDIA_API.libraryPrefix];

describe('Cache-Control of API answers', () => {
  it('should answer the token pair of a login link and of a refresh with no-store', async () => {
    const generated = await w.app.inject({
      method: 'POST',
      url: API.generateLogin,
      headers: { authorization: `Bearer ${TEST_API_KEY}` },
      payload: { username: 'mitglied' },
    });
    expect(generated.statusCode).toBe(200);
    expect(generated.headers['cache-control']).toMatch(NO_STORE);
    const token = new URL(generated.json<{ link: string }>().link).searchParams.get('token');
    const pair = await w.app.inject({ url: `${API.login}?token=${token}` });
    expect(pair.statusCode).toBe(200);
    expect(pair.headers['cache-control']).toMatch(NO_STORE);
    const refreshed = await w.app.inject({
      method: 'POST',
      url: API.refresh,
      payload: { refreshToken: pair.json<{ refreshToken: string }>().refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers['cache-control']).toMatch(NO_STORE);
  });

  it('should send no-store on every documented operation, answered or refused, with and without a token', async () => {
    const answers: string[] = [];
    for (const operation of await operations()) {
      if (OWN_CACHING.some((prefix) => operation.url.startsWith(prefix))) continue;
      // the admin's session must outlive the sweep; logging out is checked below
      if (operation.url === API.logout) continue;
      const body = operation.method === 'GET' || operation.method === 'DELETE' ? {} : { payload: {} };
      for (const headers of [w.as.admin, w.as.partner, {}]) {
        const response = await w.app.inject({ ...operation, ...body, headers });
        answers.push(`${operation.method} ${operation.url} ${response.statusCode}`);
        expect(response.headers['cache-control'], `${operation.method} ${operation.url}`).toMatch(NO_STORE);
      }
    }
    // the sweep reached answers and refusals alike
    expect(answers.some((answer) => answer.endsWith(' 200'))).toBe(true);
    expect(answers.some((answer) => answer.endsWith(' 401'))).toBe(true);
    expect(answers.some((answer) => answer.endsWith(' 403'))).toBe(true);
    expect(answers.some((answer) => answer.endsWith(' 404'))).toBe(true);
  });

  it.each([
    ['an unknown API address', { url: '/api/gibtesnicht' }, 404],
    ['an address Fastify cannot decode', { url: '/api/blog/%E0%A4%A' }, 400],
    [
      'a body that is no JSON',
      { method: 'POST', url: API.refresh, payload: '{', headers: { 'content-type': 'application/json' } },
      400,
    ],
    ['the health check', { url: API.health }, 200],
    ['logging out', { method: 'POST', url: API.logout, payload: {} }, 204],
  ] as const)('should send no-store for %s', async (_what, request, status) => {
    const headers = request.url === API.logout ? await w.login('chef') : {};
    const response = await w.app.inject({
      ...request,
      headers: { ...headers, ...('headers' in request ? request.headers : {}) },
    });
    expect(response.statusCode).toBe(status);
    expect(response.headers['cache-control']).toMatch(NO_STORE);
  });

  it("should answer an event's iCalendar file and a member's calendar feed with no-store", async () => {
    const event = await createEvent(w, { name: 'Glastage', start: at(DAY), end: at(DAY + HOUR) });
    const ics = await w.app.inject({ url: EVENTS_API.ics(event.id), headers: w.as.mitglied });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['cache-control']).toMatch(NO_STORE);
    const link = await w.app.inject({
      method: 'POST',
      url: EVENTS_API.calendarToken,
      headers: w.as.mitglied,
    });
    expect(link.headers['cache-control']).toMatch(NO_STORE);
    const feed = await w.app.inject({ url: new URL(link.json<TCalendarLink>().url).pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['cache-control']).toMatch(NO_STORE);
  });

  it('should let signed file addresses and public media files keep their own caching', async () => {
    const category = await createCategory(w, { name: 'Zwischenspeicher' });
    const saved = await w.postMultipart(MEDIA_API.files, w.as.admin, {
      media: JSON.stringify({ name: 'Merkblatt', category }),
      file: uploads.pdf(),
    });
    expect(saved.statusCode).toBe(200);
    const publicFile = await w.app.inject({ url: saved.json<TMediaFile>().publicPath });
    expect(publicFile.statusCode).toBe(200);
    expect(publicFile.headers['cache-control']).toBe('public, max-age=300');
    const { storageKey } = await w.t.database.db
      .selectFrom('mediaFiles')
      .select('storageKey')
      .where('id', '=', saved.json<TMediaFile>().id)
      .executeTakeFirstOrThrow();
    const signed = await w.app.inject({ url: w.app.signer.sign(storageKey) });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
  });
});
