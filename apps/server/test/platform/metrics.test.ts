import { API, SEARCH_API } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailOutbox } from '../../src/platform/mail/mail-outbox.ts';
import { bearer, createUser, login, loginLink, tokenOfLink } from '../helpers/factories.ts';
import { type SmtpPeer, startSmtpPeer } from '../helpers/smtp-peer.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app.ts';
import { drain } from '../mail/mail-helpers.ts';
import { metricsLabels, metricValue } from './metrics-text.ts';

const TOKEN = 'metrics-token-for-the-tests-0123';

let t: TestApp;
let peer: SmtpPeer;
beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await createTestApp({ METRICS_TOKEN: TOKEN, SMTP_URL: peer.url });
  await createUser(t.app, { username: 'geheimnutzer', role: 'ROLE_USER', password: 'richtig-geheim' });
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

async function scrape(): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

describe('GET /metrics', () => {
  it('should refuse a scrape without the token with 401, and a wrong token too', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('portal_');
  });

  it('should be described in the OpenAPI document', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(Object.keys(response.json().paths)).toContain('/metrics');
  });

  it('should answer 404 when METRICS_TOKEN is not set, whatever token is sent', async () => {
    const off = await createTestApp();
    try {
      const response = await off.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('portal_');
    } finally {
      await off.close();
    }
  });

  it('should count requests by route template and status, with their latency', async () => {
    const before = await scrape();
    const route = { method: 'GET', route: '/api/health', status: '200' };
    const count = (text: string) => metricValue(text, 'portal_http_request_duration_seconds_count', route);
    await t.app.inject({ method: 'GET', url: API.health });
    await t.app.inject({ method: 'GET', url: API.health });
    const after = await scrape();
    expect(count(after) - count(before)).toBe(2);
    const bucket = metricValue(after, 'portal_http_request_duration_seconds_bucket', {
      ...route,
      le: '+Inf',
    });
    expect(bucket).toBe(count(after));
    expect(metricValue(after, 'portal_http_request_duration_seconds_sum', route)).toBeGreaterThan(0);
  });

  it('should name a route by its template, never by the address asked for', async () => {
    const pair = await login(t.app, 'geheimnutzer');
    await t.app.inject({ method: 'GET', url: '/api/blog/987654', headers: bearer(pair) });
    await t.app.inject({ method: 'GET', url: '/gibt-es-nicht-4711?q=geheimnutzer' });
    const text = await scrape();
    expect(metricValue(text, 'portal_http_request_duration_seconds_count', { route: '/api/blog/:id' })).toBe(
      1,
    );
    expect(metricValue(text, 'portal_http_request_duration_seconds_count', { route: 'unmatched' })).toBe(1);
  });

  it('should count logins by kind: form, one-time link and external', async () => {
    const kinds = (text: string) => ({
      form: metricValue(text, 'portal_logins_total', { kind: 'form', result: 'ok' }),
      formRefused: metricValue(text, 'portal_logins_total', { kind: 'form', result: 'refused' }),
      external: metricValue(text, 'portal_logins_total', { kind: 'external', result: 'ok' }),
      link: metricValue(text, 'portal_logins_total', { kind: 'link', result: 'ok' }),
      linkRefused: metricValue(text, 'portal_logins_total', { kind: 'link', result: 'refused' }),
    });
    const before = kinds(await scrape());
    const form = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: API.generateLogin,
        headers: { origin: TEST_ORIGIN },
        payload: { username: 'geheimnutzer', password },
      });
    expect((await form('richtig-geheim')).statusCode).toBe(200);
    expect((await form('falsch')).statusCode).toBe(401);
    const token = tokenOfLink(await loginLink(t.app, 'geheimnutzer'));
    expect((await t.app.inject({ method: 'GET', url: `${API.login}?token=${token}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${API.login}?token=${token}` })).statusCode).toBe(401);
    const after = kinds(await scrape());
    expect(after.form - before.form).toBe(1);
    expect(after.formRefused - before.formRefused).toBe(1);
    expect(after.external - before.external).toBe(1);
    expect(after.link - before.link).toBe(1);
    expect(after.linkRefused - before.linkRefused).toBe(1);
  });

  it('should time searches', async () => {
    const pair = await login(t.app, 'geheimnutzer');
    const count = (text: string) => metricValue(text, 'portal_search_duration_seconds_count', {});
    const before = count(await scrape());
    const response = await t.app.inject({
      method: 'GET',
      url: `${SEARCH_API.search}?q=Isolierglas`,
      headers: bearer(pair),
    });
    expect(response.statusCode).toBe(200);
    expect(count(await scrape()) - before).toBe(1);
  });

  it('should report the mail queue at scrape time, and mails sent and failed', async () => {
    peer.rejectRecipient('niemand@example.de');
    const outbox = createMailOutbox(t.database);
    const queuedAt = new Date(Date.now() - 90_000);
    const mail = (recipient: string) => ({ recipient, subject: 'Test', html: '<p>Test</p>', text: 'Test' });
    await outbox.enqueue(t.database.db, [mail('a@example.de'), mail('niemand@example.de')], queuedAt);
    const queued = await scrape();
    expect(metricValue(queued, 'portal_mail_queue_length', {})).toBe(2);
    expect(metricValue(queued, 'portal_mail_queue_oldest_age_seconds', {})).toBeGreaterThanOrEqual(90);
    const sent = metricValue(queued, 'portal_mails_total', { result: 'sent' });
    const failed = metricValue(queued, 'portal_mails_total', { result: 'failed' });
    await drain(t.app);
    const after = await scrape();
    expect(metricValue(after, 'portal_mail_queue_length', {})).toBe(0);
    expect(metricValue(after, 'portal_mail_queue_oldest_age_seconds', {})).toBe(0);
    expect(metricValue(after, 'portal_mails_total', { result: 'sent' }) - sent).toBe(1);
    expect(metricValue(after, 'portal_mails_total', { result: 'failed' }) - failed).toBe(1);
  });

  it('should count what the upload sweep removes', async () => {
    const removed = (text: string) =>
      metricValue(text, 'portal_upload_sweep_removed_total', { kind: 'files' });
    const before = removed(await scrape());
    await t.app.storage.intents.record(['sweep/verwaist.bin']);
    await t.app.storage.put('sweep/verwaist.bin', Buffer.from('x'));
    await t.app.uploadSweeper.runOnce(new Date(Date.now() + 24 * 60 * 60_000));
    expect(removed(await scrape()) - before).toBe(1);
  });

  it('should report the database pool, statement timeouts and the event loop lag', async () => {
    const text = await scrape();
    const pool = (state: string) => metricValue(text, 'portal_db_pool_connections', { state });
    // The scrape's own query has returned its connection by the time the text is written.
    expect(pool('in_use')).toBe(0);
    expect(pool('idle')).toBeGreaterThanOrEqual(1);
    expect(metricValue(text, 'portal_db_pool_waiting_requests', {})).toBe(0);
    const max = metricValue(text, 'portal_db_pool_max_connections', {});
    expect(max).toBe(t.database.kind === 'sqlite' ? 1 : 10);
    expect(text).toMatch(/^# TYPE portal_db_timeouts_total counter$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
  });

  it('should carry no user data in any label', async () => {
    const text = await scrape();
    const labels = metricsLabels(text);
    const allowed: Record<string, RegExp> = {
      method: /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)$/,
      route: /^(unmatched|\/[\w/:.*{}-]*)$/,
      status: /^\d{3}$/,
      le: /^([\d.e+-]+|\+Inf)$/,
      kind: /^[a-z_]+$/,
      result: /^[a-z_]+$/,
      state: /^[a-z_]+$/,
      quantile: /^[\d.]+$/,
      // Node's own: nodejs_version_info and the heap spaces
      version: /^v[\d.]+$/,
      major: /^\d+$/,
      minor: /^\d+$/,
      patch: /^\d+$/,
      space: /^[a-z_]+$/,
      // nodejs_active_resources and nodejs_active_handles: kinds of libuv handles
      type: /^[A-Za-z]+$/,
    };
    for (const [name, value] of labels) {
      const rule = allowed[name];
      if (!rule) throw new Error(`unexpected label ${name}="${value}"`);
      expect(value, `${name}="${value}"`).toMatch(rule);
      for (const secret of ['geheimnutzer', '987654', '4711', 'niemand', 'Isolierglas', TOKEN]) {
        expect(value, `${name}="${value}"`).not.toContain(secret);
      }
    }
  });
});
