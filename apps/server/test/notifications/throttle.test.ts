import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { createMailOutbox } from '../../src/platform/mail/mail-outbox.ts';
import type { MailWorkerOptions } from '../../src/platform/mail/mail-worker.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const MINUTE = 60_000;
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** an app whose mail worker reads a clock the test moves */
async function appWithClock(env: Record<string, string>, options: Partial<MailWorkerOptions> = {}) {
  const clock = { offset: 0 };
  const now = () => new Date(Date.now() + clock.offset);
  t = await createTestApp(env, { mailWorker: { now, ...options } });
  return { t, clock, now };
}

async function queue(app: TestApp, count: number) {
  const mails = Array.from({ length: count }, (_, i) => ({
    recipient: `empfaenger${i}@example.de`,
    subject: `Mail ${i}`,
    html: `<p>${i}</p>`,
    text: String(i),
  }));
  await createMailOutbox(app.database).enqueue(app.database.db, mails);
}

async function statuses(app: TestApp) {
  const rows = await app.database.db.selectFrom('mailOutbox').select('status').execute();
  const count = (status: string) => rows.filter((row) => row.status === status).length;
  return { pending: count('pending'), sent: count('sent') };
}

/** the JSON log lines with this message */
function logLines(app: TestApp, message: string): Record<string, unknown>[] {
  return app
    .logs()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === message);
}

describe('MAIL_RATE_PER_MINUTE', () => {
  it('should send at most the rate a minute, and the rest when the clock moves on', async () => {
    const { t, clock } = await appWithClock({ MAIL_RATE_PER_MINUTE: '5' });
    await queue(t, 12);
    expect(await t.app.mailWorker.runOnce()).toEqual({ sent: 5, retried: 0, failed: 0, throttled: true });
    expect(await t.app.mailWorker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, throttled: true });
    expect(await statuses(t)).toEqual({ pending: 7, sent: 5 });

    clock.offset += 30_000;
    expect(await t.app.mailWorker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, throttled: true });
    clock.offset += 30_000;
    expect(await t.app.mailWorker.runOnce()).toEqual({ sent: 5, retried: 0, failed: 0, throttled: true });
    clock.offset += MINUTE;
    expect(await t.app.mailWorker.runOnce()).toEqual({ sent: 2, retried: 0, failed: 0, throttled: false });
    expect(await statuses(t)).toEqual({ pending: 0, sent: 12 });
  });

  it('should log the queue length and the oldest waiting mail when throttled', async () => {
    const { t } = await appWithClock({ MAIL_RATE_PER_MINUTE: '5' });
    const before = new Date();
    await queue(t, 8);
    await t.app.mailWorker.runOnce();
    const [line, ...more] = logLines(t, 'mail outbox throttled');
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 30, queued: 3, ratePerMinute: 5, sentLastMinute: 5 });
    const oldest = new Date(String(line?.oldestWaitingSince));
    expect(oldest.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(oldest.getTime()).toBeLessThanOrEqual(Date.now());
    expect(typeof line?.oldestWaitingSeconds).toBe('number');
  });

  it('should count the mails every instance sent, through the database', async () => {
    const { t, now } = await appWithClock({ MAIL_RATE_PER_MINUTE: '5' });
    await queue(t, 8);
    expect((await t.app.mailWorker.runOnce()).sent).toBe(5);
    const other = await t.secondInstance({ mailWorker: { now } });
    try {
      expect(await other.app.mailWorker.runOnce()).toEqual({
        sent: 0,
        retried: 0,
        failed: 0,
        throttled: true,
      });
    } finally {
      await other.close();
    }
    expect(await statuses(t)).toEqual({ pending: 3, sent: 5 });
  });

  it('should count the mails another instance is sending at this moment', async () => {
    const { t } = await appWithClock({ MAIL_RATE_PER_MINUTE: '5' });
    await queue(t, 10);
    // another instance has claimed two and is still talking to the relay
    const outbox = createMailOutbox(t.database);
    expect(await outbox.claim(MINUTE)).toBeDefined();
    expect(await outbox.claim(MINUTE)).toBeDefined();
    expect(await t.app.mailWorker.runOnce()).toEqual({ sent: 3, retried: 0, failed: 0, throttled: true });
  });

  it('should let two workers running at once send no more than the rate together', async () => {
    const { t, now } = await appWithClock({ MAIL_RATE_PER_MINUTE: '5' });
    await queue(t, 20);
    const other = await t.secondInstance({ mailWorker: { now } });
    try {
      const runs = await Promise.all([t.app.mailWorker.runOnce(), other.app.mailWorker.runOnce()]);
      // each asks again before every claim: at most one mail each beyond the rate
      expect(runs[0].sent + runs[1].sent).toBeGreaterThanOrEqual(5);
      expect(runs[0].sent + runs[1].sent).toBeLessThanOrEqual(6);
    } finally {
      await other.close();
    }
  });

  it('should send everything due when unset, and log what still waits after a run', async () => {
    const { t } = await appWithClock({}, { batchSize: 10 });
    expect(t.config.mailRatePerMinute).toBeUndefined();
    await queue(t, 12);
    expect(await t.app.mailWorker.runOnce()).toEqual({ sent: 10, retried: 0, failed: 0, throttled: false });
    expect(logLines(t, 'mail outbox waiting')).toEqual([
      expect.objectContaining({ level: 30, queued: 2, ratePerMinute: null }),
    ]);
    expect(await t.app.mailWorker.runOnce()).toEqual({ sent: 2, retried: 0, failed: 0, throttled: false });
    expect(logLines(t, 'mail outbox waiting')).toHaveLength(1);
    expect(logLines(t, 'mail outbox throttled')).toEqual([]);
  });

  it('should let a started worker go on by itself when the window frees, without polling in between', async () => {
    // a long poll: only the worker's own timer can send the mail in time
    t = await createTestApp({ MAIL_RATE_PER_MINUTE: '2' }, { mailWorker: { pollMs: 10 * MINUTE } });
    const app = t;
    const sentAt = new Date(Date.now() - MINUTE + 1500);
    await app.database.db
      .insertInto('mailOutbox')
      .values(
        [1, 2].map((i) => ({
          recipient: `frueher${i}@example.de`,
          subject: 'Früher',
          html: '<p>x</p>',
          text: 'x',
          status: 'sent' as const,
          nextAttemptAt: sentAt,
          sentAt,
          createdAt: sentAt,
        })),
      )
      .execute();
    await queue(app, 1);
    app.app.mailWorker.start();
    await vi.waitFor(() => expect(logLines(app, 'mail outbox throttled')).toHaveLength(1), { timeout: 5000 });
    expect(await statuses(app)).toEqual({ pending: 1, sent: 2 });
    await vi.waitFor(async () => expect(await statuses(app)).toEqual({ pending: 0, sent: 3 }), {
      timeout: 10_000,
      interval: 100,
    });
    // one throttled run, then the one that sent: no run in between
    expect(logLines(app, 'mail outbox throttled')).toHaveLength(1);
  });
});

describe('MAIL_RATE_PER_MINUTE in the configuration', () => {
  const base = { DATA_DIR: '/tmp/portal-config-test', JWT_SECRET: 'x'.repeat(40) };

  it('should be unlimited when unset or empty, and a number when given', () => {
    expect(loadConfig(base).mailRatePerMinute).toBeUndefined();
    expect(loadConfig({ ...base, MAIL_RATE_PER_MINUTE: '' }).mailRatePerMinute).toBeUndefined();
    expect(loadConfig({ ...base, MAIL_RATE_PER_MINUTE: '120' }).mailRatePerMinute).toBe(120);
  });

  it.each(['0', '-5', '2.5', 'viele', '1e9'])('should stop start-up for %s, naming the variable', (value) => {
    expect(() => loadConfig({ ...base, MAIL_RATE_PER_MINUTE: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, MAIL_RATE_PER_MINUTE: value })).toThrow(/MAIL_RATE_PER_MINUTE/);
  });
});
