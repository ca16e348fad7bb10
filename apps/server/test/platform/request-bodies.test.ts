import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { API, FORUM_API, MEDIA_API, MESSAGES, NOTIFICATIONS_API } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { multipartBody } from '../helpers/multipart.ts';
import { TEST_API_KEY } from '../helpers/test-app.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { createCategory } from '../media/media-helpers.ts';

// Issue 30 point 3: multipart was parsed for every request before routing and authentication, so 20 × 15 MB
// to an address that does not exist wrote 311 MB to DATA_DIR/tmp, and public routes held 50 × 1 MB fields in
// memory. Files reach the disk only on routes that take them, after the guards; public routes read small
// bodies only.

let w: World;
let port = 0;
let category = 0;
beforeAll(async () => {
  w = await createWorld();
  category = await createCategory(w, { name: 'Körper' });
  await w.app.listen({ port: 0, host: '127.0.0.1' });
  port = (w.app.server.address() as AddressInfo).port;
});
afterAll(() => w.close());

const tempRoot = () => path.join(w.t.config.dataDir, 'tmp', 'uploads');
const tempEntries = () => (existsSync(tempRoot()) ? readdirSync(tempRoot(), { recursive: true }) : []);

/** A multipart body with the fields given and a 15 MB PDF-looking file. */
const withLargeFile = (fields: Record<string, string>, fileField = 'file') =>
  multipartBody({
    ...fields,
    [fileField]: {
      filename: 'gross.pdf',
      data: Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(15 * 1024 * 1024)]),
      type: 'application/pdf',
    },
  });

interface Partial {
  socket: Socket;
  /** the status line's code once an answer arrived, else 0 */
  status: () => number;
}

/** Sends the head and the first `sent` bytes of a body over a real connection; the rest never follows. */
async function sendPartly(
  url: string,
  headers: Record<string, string>,
  payload: Buffer,
  sent: number,
): Promise<Partial> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let answer = '';
  socket.on('data', (chunk: Buffer) => {
    answer += chunk.toString('latin1');
  });
  socket.on('error', () => undefined);
  const head = [
    `POST ${url} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    `Content-Length: ${payload.length}`,
    '',
    '',
  ].join('\r\n');
  socket.write(head);
  socket.write(payload.subarray(0, sent));
  return { socket, status: () => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0) };
}

describe('a large file sent where no file is taken', () => {
  it.each([
    ['to an address that does not exist', '/api/gibtesnicht/', () => ({}), 404],
    ['to a route without files, as an admin', FORUM_API.save, () => w.as.admin, 413],
    ['to an upload route, without a token', MEDIA_API.files, () => ({}), 401],
    ['to an upload route, by a member without the role', MEDIA_API.files, () => w.as.partner, 403],
  ])('should be answered %s before any of it is written to disk', async (_where, url, as, status) => {
    const body = await withLargeFile({ media: JSON.stringify({ name: 'Groß', category }), forum: '{}' });
    const request = await sendPartly(url, { ...as(), ...body.headers }, body.payload, 4 * 1024 * 1024);
    try {
      // Either the server answers with the body unread, or the file is arriving in a temp file.
      await vi.waitFor(() => expect(request.status() > 0 || tempEntries().length > 0).toBe(true), {
        timeout: 10_000,
      });
      expect(tempEntries()).toEqual([]);
      expect(request.status()).toBe(status);
    } finally {
      request.socket.destroy();
      // what a failing run wrote goes before the next case looks
      await vi.waitFor(() => expect(tempEntries()).toEqual([]), { timeout: 10_000 });
    }
  });

  it('should refuse the file part of a route without files with 413, in German, through inject too', async () => {
    const response = await w.postMultipart(FORUM_API.save, w.as.admin, {
      forum: JSON.stringify({ name: 'Mit Datei', description: '' }),
      datei: { filename: 'a.pdf', data: '%PDF-1.4 klein', type: 'application/pdf' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: MESSAGES.tooManyParts });
  });
});

describe('bodies of public routes', () => {
  const big = 'x'.repeat(100 * 1024);

  it.each([
    ['the token refresh (JSON)', API.refresh, {}, { refreshToken: big }],
    [
      'the login link of the host website (JSON)',
      API.generateLogin,
      { authorization: `Bearer ${TEST_API_KEY}` },
      { username: big },
    ],
  ])('should refuse 100 KB for %s with 413', async (_what, url, headers, payload) => {
    const response = await w.app.inject({ method: 'POST', url, headers, payload });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: MESSAGES.tooLarge });
  });

  it('should refuse 100 KB of form fields for the one-click unsubscribe with 413', async () => {
    const form = await w.app.inject({
      method: 'POST',
      url: NOTIFICATIONS_API.unsubscribe,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `List-Unsubscribe=One-Click&x=${big}`,
    });
    expect(form.statusCode).toBe(413);
  });

  it('should stop reading 50 fields of 1 MB for the token refresh at its limit, with 413', async () => {
    const fields = Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [`feld${i}`, 'x'.repeat(1024 * 1024)]),
    );
    const body = await multipartBody(fields);
    const request = await sendPartly(API.refresh, body.headers, body.payload, body.payload.length);
    try {
      await vi.waitFor(() => expect(request.status()).toBeGreaterThan(0), { timeout: 10_000 });
      expect(request.status()).toBe(413);
    } finally {
      request.socket.destroy();
    }
  });

  it("should still read a member's JSON body of half a megabyte", async () => {
    const response = await w.app.inject({
      method: 'PUT',
      url: NOTIFICATIONS_API.settings,
      headers: w.as.mitglied,
      payload: { digest: 'x'.repeat(512 * 1024) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).not.toBe(MESSAGES.tooLarge);
  });
});
