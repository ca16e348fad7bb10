import { connect } from 'node:net';
import { API, BLOG_API, MEDIA_API, MESSAGES } from '@portal/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, login } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Errors raised by Fastify, its plugins and Node's HTTP parser instead of our code: each must answer in our
// `{ detail }` shape with a German text and the right 4xx (ARCHITECTURE §4), never the framework's body.

let t: TestApp;
let port = 0;
/** An upload route's headers: the only routes that read file parts, for an admin (filled in below). */
const uploadHeaders: Record<string, string> = { 'content-type': 'multipart/form-data; boundary=grenze' };
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_LIMIT_MB: '1' });
  await createUser(t.app, { username: 'admin', role: 'ROLE_ADMIN' });
  uploadHeaders.authorization = bearer(await login(t.app, 'admin')).authorization;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => t.close());

// A public route that reads a body of any type: the body is parsed before any feature code runs.
const BODY_ROUTE = API.refresh;

const post = (contentType: string, payload: string | Buffer): InjectOptions => ({
  method: 'POST',
  url: BODY_ROUTE,
  headers: { 'content-type': contentType },
  payload,
});

const part = (name: string, value: string, headers = '') =>
  `--grenze\r\nContent-Disposition: form-data; name="${name}"\r\n${headers}\r\n${value}\r\n`;
const form = (body: string) => post('multipart/form-data; boundary=grenze', body);
const upload = (body: string): InjectOptions => ({
  method: 'POST',
  url: MEDIA_API.files,
  headers: uploadHeaders,
  payload: body,
});
const longBoundary = 'b'.repeat(300);

const injected: Array<[string, InjectOptions, number, string]> = [
  ['a path with broken percent-encoding', { url: '/api/blog/%E0%A4%A' }, 400, MESSAGES.badUrl],
  ['an unknown path with broken percent-encoding', { url: '/irgendwo/%E0%A4%A' }, 400, MESSAGES.badUrl],
  [
    'a path parameter over the length limit',
    { url: BLOG_API.byId('1'.repeat(150)) },
    414,
    MESSAGES.urlTooLong,
  ],
  ['an unknown /api path', { url: '/api/gibtesnicht' }, 404, MESSAGES.notFound],
  ['a method the path does not have', { method: 'DELETE', url: API.health }, 404, MESSAGES.notFound],
  [
    'a JSON body over the limit',
    post('application/json', `"${'x'.repeat(1024 * 1024)}"`),
    413,
    MESSAGES.tooLarge,
  ],
  [
    'a form body over the limit',
    post('application/x-www-form-urlencoded', `a=${'x'.repeat(1024 * 1024)}`),
    413,
    MESSAGES.tooLarge,
  ],
  [
    'a body type the server does not read',
    post('application/xml', '<x/>'),
    415,
    MESSAGES.unsupportedContentType,
  ],
  ['malformed JSON', post('application/json', '{"refreshToken":'), 400, MESSAGES.invalidJson],
  ['an empty JSON body', post('application/json', ''), 400, MESSAGES.invalidJson],
  [
    'JSON that sets __proto__',
    post('application/json', '{"__proto__":{"admin":true}}'),
    400,
    MESSAGES.invalidJson,
  ],
  ['multipart without a boundary', post('multipart/form-data', part('a', 'x')), 400, MESSAGES.malformedForm],
  [
    'multipart with an empty boundary',
    post('multipart/form-data; boundary=', '--\r\n'),
    400,
    MESSAGES.malformedForm,
  ],
  [
    'multipart with another boundary than declared',
    form('--anders\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--anders--\r\n'),
    400,
    MESSAGES.malformedForm,
  ],
  [
    'multipart cut off inside a field',
    form(`${part('a', 'x')}--grenze\r\nContent-Disposition: form-data; name="b"\r\n\r\nabc`),
    400,
    MESSAGES.malformedForm,
  ],
  [
    'multipart cut off inside a file',
    upload(
      '--grenze\r\nContent-Disposition: form-data; name="f"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 abc',
    ),
    400,
    MESSAGES.malformedForm,
  ],
  [
    'multipart with a boundary over 256 characters',
    post(
      `multipart/form-data; boundary=${longBoundary}`,
      `--${longBoundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--${longBoundary}--\r\n`,
    ),
    400,
    MESSAGES.malformedForm,
  ],
  [
    'a multipart field that claims JSON but is none',
    form(`${part('a', '{x', 'Content-Type: application/json\r\n')}--grenze--\r\n`),
    400,
    MESSAGES.invalidJson,
  ],
  [
    'a multipart field named __proto__',
    form(`${part('__proto__', 'x')}--grenze--\r\n`),
    400,
    MESSAGES.badRequest,
  ],
  [
    'a multipart body with too many fields',
    form(`${Array.from({ length: 60 }, (_, i) => part(`f${i}`, 'x')).join('')}--grenze--\r\n`),
    413,
    MESSAGES.tooManyParts,
  ],
  [
    'a multipart file over UPLOAD_LIMIT_MB',
    upload(
      `--grenze\r\nContent-Disposition: form-data; name="f"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n${'x'.repeat(1024 * 1024 + 10)}\r\n--grenze--\r\n`,
    ),
    413,
    MESSAGES.tooLarge,
  ],
];

describe('framework errors through app.inject', () => {
  const cases = injected.map(([name, request, status, detail]) => ({ name, request, status, detail }));
  it.each(cases)(
    'should refuse $name with $status and a German detail',
    async ({ request, status, detail }) => {
      const response = await t.app.inject(request);
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ detail });
    },
  );
});

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes as they are, which fetch and inject would refuse or repair, and reads the one answer. */
function exchange(request: string, options: { halfClose?: boolean } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(request);
      // A body cut off by the client: it stops sending, and the server sees the end of the stream.
      if (options.halfClose) socket.end();
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

const CLOSE = 'Connection: close\r\n';
const wire: Array<[string, string, { halfClose?: boolean }, number, string]> = [
  [
    'a path with broken percent-encoding',
    `GET /api/blog/%E0%A4%A HTTP/1.1\r\nHost: x\r\n${CLOSE}\r\n`,
    {},
    400,
    MESSAGES.badUrl,
  ],
  [
    'a header with a control character',
    `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Wert: a\u0001b\r\n${CLOSE}\r\n`,
    {},
    400,
    MESSAGES.badRequest,
  ],
  ['a request line that is no HTTP', 'HALLO WELT\r\n\r\n', {}, 400, MESSAGES.badRequest],
  [
    'a method HTTP does not know',
    `FROBNICATE /api/health HTTP/1.1\r\nHost: x\r\n${CLOSE}\r\n`,
    {},
    400,
    MESSAGES.badRequest,
  ],
  [
    'a Content-Length that is no number',
    `POST ${BODY_ROUTE} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: viel\r\n${CLOSE}\r\n{}`,
    {},
    400,
    MESSAGES.badRequest,
  ],
  [
    'headers over the size limit',
    `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Gross: ${'a'.repeat(20_000)}\r\n${CLOSE}\r\n`,
    {},
    431,
    MESSAGES.headersTooLarge,
  ],
  [
    'a JSON body cut off by the client',
    `POST ${BODY_ROUTE} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"refreshToken":`,
    { halfClose: true },
    400,
    MESSAGES.incompleteRequest,
  ],
  [
    'a multipart body cut off by the client',
    `POST ${BODY_ROUTE} HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=grenze\r\nContent-Length: 1000\r\n\r\n${part('refreshToken', 'abc')}--gre`,
    { halfClose: true },
    400,
    MESSAGES.incompleteRequest,
  ],
  [
    'broken chunked encoding',
    `POST ${BODY_ROUTE} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n${CLOSE}\r\nzz\r\n{}\r\n0\r\n\r\n`,
    {},
    400,
    MESSAGES.badRequest,
  ],
];

describe('framework errors over a real connection', () => {
  const cases = wire.map(([name, request, options, status, detail]) => ({
    name,
    request,
    options,
    status,
    detail,
  }));
  it.each(cases)(
    'should refuse $name with $status and a German detail',
    async ({ request, options, status, detail }) => {
      const response = await exchange(request, options);
      expect(response.status).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(response.body)).toEqual({ detail });
    },
  );

  it('should keep serving after such a request', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
  });
});

describe('a request arriving while the server shuts down', () => {
  it('should be refused with 503 in German, after the request in flight is answered', async () => {
    const closing = await createTestApp();
    await closing.app.listen({ port: 0, host: '127.0.0.1' });
    const address = closing.app.server.address();
    const socket = connect(typeof address === 'object' && address ? address.port : 0, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => socket.once('close', resolve));
    const routed = new Promise((resolve) => closing.app.server.once('request', resolve));
    const body = JSON.stringify({ refreshToken: 'unbekannt' });
    // The first request is in flight (its body half sent) when the shutdown begins ...
    socket.write(
      `POST ${BODY_ROUTE} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await routed;
    const closed = closing.close();
    while (closing.app.server.listening) await new Promise((resolve) => setImmediate(resolve));
    // ... and a second one follows on the same connection.
    socket.write(`${body.slice(5)}GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n`);
    await ended;
    await closed;
    const answers = Buffer.concat(chunks)
      .toString('utf8')
      .split(/(?=HTTP\/1\.1 )/);
    expect(answers.map((answer) => answer.slice(9, 12))).toEqual(['401', '503']);
    const [head = '', last = ''] = answers[1]?.split('\r\n\r\n') ?? [];
    expect(head.toLowerCase()).toContain('content-type: application/json');
    expect(JSON.parse(last)).toEqual({ detail: MESSAGES.unavailable });
  });
});
