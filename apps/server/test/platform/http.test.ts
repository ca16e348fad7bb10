import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API, MESSAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, login } from '../helpers/factories.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CONTACT_EMAIL: 'kontakt@verband.example' });
});
afterAll(() => t.close());

describe('errors', () => {
  it('should answer 404 JSON for an unknown /api path', async () => {
    const response = await t.app.inject({ url: '/api/gibtesnicht' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: MESSAGES.notFound });
  });

  // Body, URL and parser errors of the framework: framework-errors.test.ts.

  it('should refuse NUL characters in a body or query with 400, on every database', async () => {
    const body = await t.app.inject({
      method: 'POST',
      url: API.refresh,
      payload: { refreshToken: 'a\u0000b' },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({ detail: MESSAGES.invalidCharacters });
    const query = await t.app.inject({ url: '/api/auth/login?token=a%00b' });
    expect(query.statusCode).toBe(400);
  });

  it('should echo a request id header', async () => {
    const response = await t.app.inject({ url: API.health, headers: { 'x-request-id': 'abc-123' } });
    expect(response.headers['x-request-id']).toBe('abc-123');
    const generated = await t.app.inject({
      url: API.health,
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('security headers', () => {
  it('should allow framing only by the host origin and run only our own scripts', async () => {
    const response = await t.app.inject({ url: '/dashboard' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self' https://www.verband.example");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it('should send the full set on documents and the headers that act on JSON on API answers', async () => {
    const documentOnly = [
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    for (const url of ['/dashboard', API.docs]) {
      const page = await t.app.inject({ url });
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      for (const header of documentOnly) expect(page.headers[header], `${url} ${header}`).toBeDefined();
    }
    for (const url of [API.health, '/api/gibtesnicht']) {
      const answer = await t.app.inject({ url });
      expect(answer.headers['content-security-policy']).toContain(
        "frame-ancestors 'self' https://www.verband.example",
      );
      expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['cross-origin-resource-policy']).toBe('same-site');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['x-frame-options']).toBeUndefined();
      for (const header of documentOnly) expect(answer.headers[header], `${url} ${header}`).toBeUndefined();
    }
  });

  it('should not send HSTS while the portal is reached over plain http', async () => {
    const response = await t.app.inject({ url: API.health });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('should send HSTS for a year when PUBLIC_URL is https, as production demands', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://portal.verband.example' });
    try {
      for (const url of [API.health, '/dashboard', '/api/gibtesnicht']) {
        const response = await https.app.inject({ url });
        expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      await https.close();
    }
  });
});

describe('the web app', () => {
  it('should serve index.html with the public settings in a meta tag for any app path', async () => {
    const web = path.join(t.config.dataDir, 'web2');
    mkdirSync(web, { recursive: true });
    writeFileSync(
      path.join(web, 'index.html'),
      '<html><head><!--portal-settings--></head><body></body></html>',
    );
    const other = await createTestApp({
      WEB_DIST: web,
      HOST_ORIGIN: 'https://host.example',
      CONTACT_EMAIL: 'kontakt@host.example',
    });
    try {
      for (const url of ['/', '/blog/12', '/media/3?x=1']) {
        const response = await other.app.inject({ url });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.body).toContain(
          '<meta name="portal-settings" content="{&quot;hostOrigin&quot;:&quot;https://host.example&quot;',
        );
        expect(response.body).not.toContain('{"');
      }
      const settings = await other.app.inject({ url: '/api/settings' });
      expect(settings.json()).toEqual({
        hostOrigin: 'https://host.example',
        loginFormOrigins: ['http://localhost:8080'],
        contactEmail: 'kontakt@host.example',
        uploadLimitMb: 20,
        hostPageUrl: null,
      });
    } finally {
      await other.close();
    }
  });

  it('should tell the web app the upload limit, so that a file is checked when it is chosen', async () => {
    const web = path.join(t.config.dataDir, 'web3');
    mkdirSync(web, { recursive: true });
    writeFileSync(path.join(web, 'index.html'), '<html><head><!--portal-settings--></head></html>');
    const other = await createTestApp({ WEB_DIST: web, UPLOAD_LIMIT_MB: '7' });
    try {
      const settings = await other.app.inject({ url: '/api/settings' });
      expect(settings.statusCode).toBe(200);
      expect(settings.json()).toMatchObject({ uploadLimitMb: 7 });
      const page = await other.app.inject({ url: '/dashboard' });
      expect(page.body).toMatch(/&quot;uploadLimitMb&quot;:7[,}]/);
    } finally {
      await other.close();
    }
  });

  it('should answer 404, not the app, for a missing asset', async () => {
    for (const url of ['/assets/index-abc123.js', '/favicon.ico', '/styles.css']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
    }
  });

  it('should answer 404 for a POST to an unknown path', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/irgendwas' })).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('should describe the auth endpoints at /api/docs', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/auth/login', API.refresh, API.profile, API.generateLogin]),
    );
  });
});

describe('logs', () => {
  const linesOf = (requestId: string) =>
    t
      .logs()
      .split('\n')
      .filter((line) => line.includes(`"reqId":"${requestId}"`))
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it('should write one access line per request: method, path without its query, status, time, request id', async () => {
    const response = await t.app.inject({
      url: '/api/auth/login?token=geheim-im-log',
      headers: { 'x-request-id': 'zugriff-1' },
    });
    expect(response.statusCode).toBe(401);
    await t.app.inject({ url: API.health, headers: { 'x-request-id': 'zugriff-2' } });
    const lines = linesOf('zugriff-1');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      url: '/api/auth/login?…',
      status: 401,
      ip: '127.0.0.1',
    });
    expect(lines[0]?.ms).toEqual(expect.any(Number));
    expect(linesOf('zugriff-2')).toEqual([
      expect.objectContaining({ msg: 'request', method: 'GET', url: API.health, status: 200 }),
    ]);
    expect(t.logs()).not.toContain('incoming request');
    expect(t.logs()).not.toContain('geheim-im-log');
  });

  it("should give the request's own lines its request id", async () => {
    // A path Fastify cannot decode: its refusal is logged through request.log (and, never routed, it gets
    // no access line).
    const response = await t.app.inject({ url: '/api/blog/%zz', headers: { 'x-request-id': 'abgelehnt-1' } });
    expect(response.statusCode).toBe(400);
    expect(linesOf('abgelehnt-1')).toEqual([
      expect.objectContaining({ level: 30, msg: 'request refused', status: 400 }),
    ]);
  });

  it('should censor secrets at the top of a logged object and one level down, leaving the object as it was', () => {
    const logged = {
      password: 'geheim-oben',
      body: { refreshToken: 'geheim-unten', username: 'erika' },
      headers: { authorization: 'Bearer geheim-kopf', cookie: 'geheim-keks', accept: 'text/html' },
      link: 'http://localhost:8080/login?token=geheim-link',
    };
    t.app.log.info(logged, 'zensur-probe');
    const line = JSON.parse(
      t
        .logs()
        .split('\n')
        .find((l) => l.includes('zensur-probe')) ?? '{}',
    );
    expect(line).toMatchObject({
      password: '[redacted]',
      body: { refreshToken: '[redacted]', username: 'erika' },
      headers: { authorization: '[redacted]', cookie: '[redacted]', accept: 'text/html' },
      link: '[redacted]',
    });
    expect(logged.body.refreshToken).toBe('geheim-unten');
    expect(logged.password).toBe('geheim-oben');
  });

  it('should never contain tokens, passwords or login links', async () => {
    await createUser(t.app, { username: 'protokoll', password: 'passwort-im-log?' });
    const generated = await t.app.inject({
      method: 'POST',
      url: API.generateLogin,
      payload: { username: 'protokoll', password: 'passwort-im-log?' },
    });
    const link = generated.json<{ link: string }>().link;
    const pair = await login(t.app, 'protokoll');
    await t.app.inject({ url: API.profile, headers: bearer(pair) });
    await t.app.inject({
      method: 'POST',
      url: API.refresh,
      payload: { refreshToken: pair.refreshToken },
    });
    const logs = t.logs();
    expect(logs).toContain('"url":"/api/auth/login?…"');
    for (const secret of [
      'passwort-im-log?',
      link,
      new URL(link).searchParams.get('token') ?? '',
      pair.token,
      pair.refreshToken,
    ]) {
      expect(logs).not.toContain(secret);
    }
  });
});

describe('NUL characters in multipart fields', () => {
  it('should be refused with 400 before any feature sees them', async () => {
    const body = await multipartBody({ refreshToken: 'a\u0000b' });
    const response = await t.app.inject({
      method: 'POST',
      url: API.refresh,
      ...body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: MESSAGES.invalidCharacters });
  });
});
