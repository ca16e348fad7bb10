import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { API } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createDatabase } from '../../src/platform/db/database.ts';
import { createMailOutbox } from '../../src/platform/mail/mail-outbox.ts';
import { startS3Peer } from '../helpers/s3-peer.ts';
import { startSilentRelay } from '../helpers/smtp-peer.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** All is well: what a load balancer should see of a serving instance on a quiet day. */
const HEALTHY = { status: 'ok', database: 'up', storage: 'up', disk: 'ok', mail: 'unknown' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function health(app = t.app) {
  const begin = performance.now();
  const response = await app.inject({ url: API.health });
  return { status: response.statusCode, body: response.json(), ms: performance.now() - begin };
}

describe('GET /api/health', () => {
  it('should answer without a token that the database and the storage can be written and read', async () => {
    const answer = await health();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(HEALTHY);
  });

  it('should write to the database on every check', async () => {
    await health();
    const first = await t.database.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'health.probe')
      .executeTakeFirst();
    await health();
    const second = await t.database.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'health.probe')
      .executeTakeFirst();
    expect(first?.value).toBeDefined();
    expect(second?.value).not.toBe(first?.value);
  });

  it('should answer 503 at once when the database cannot be reached', async () => {
    // Nothing listens on port 1: every connection is refused.
    const database = createDatabase({ kind: 'postgres', url: 'postgres://portal@127.0.0.1:1/portal' });
    const app = await buildApp(t.config, { database });
    try {
      const answer = await health(app);
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ ...HEALTHY, status: 'down', database: 'down' });
      expect(answer.ms).toBeLessThan(2_000);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('should answer 503 when the upload folder cannot be written (a full or broken disk)', async () => {
    const broken = await createTestApp();
    try {
      // Where the uploads belong there is a file: every write fails as on a full disk.
      writeFileSync(path.join(broken.config.dataDir, 'uploads'), 'kein Ordner');
      const answer = await health(broken.app);
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ ...HEALTHY, status: 'down', storage: 'down' });
      expect(broken.logs()).toContain('health: storage check failed');
    } finally {
      await broken.close();
    }
  });

  it('should answer 503 within 2 s when S3 is down, and 200 while it is up', async () => {
    const peer = await startS3Peer();
    const s3 = await createTestApp(peer.env('health'));
    try {
      expect((await health(s3.app)).body).toEqual(HEALTHY);
      await peer.stop();
      // The storage check is reused for a few seconds; a new instance checks at once.
      const fresh = await buildApp(s3.config, { database: s3.database });
      try {
        const answer = await health(fresh);
        expect(answer.status).toBe(503);
        expect(answer.body).toEqual({ ...HEALTHY, status: 'down', storage: 'down' });
        expect(answer.ms).toBeLessThan(2_000);
      } finally {
        await fresh.close();
      }
    } finally {
      await s3.close();
      await peer.stop().catch(() => undefined);
    }
  });

  it('should keep the last answer while a probe is slow, and say down only once it stays unanswered', async () => {
    const clock = { offset: 0 };
    const slow = await createTestApp(
      {},
      { health: { answerWithinMs: 200, probeTimeoutMs: 1_000, now: () => Date.now() + clock.offset } },
    );
    try {
      expect((await health(slow.app)).status).toBe(200);
      // The storage answers late, as under CPU contention: one slow probe is not an outage.
      const gate = Promise.withResolvers<void>();
      const put = slow.app.storage.put;
      slow.app.storage.put = async (key, body) => {
        await gate.promise;
        return put(key, body);
      };
      clock.offset += 60_000;
      const late = await health(slow.app);
      expect(late.status).toBe(200);
      expect(late.body).toEqual(HEALTHY);

      // A probe that stays unanswered past its own timeout is down; so is every check until one answers.
      await expect
        .poll(async () => (await health(slow.app)).body, { timeout: 10_000, interval: 100 })
        .toEqual({ ...HEALTHY, status: 'down', storage: 'down' });
      expect(slow.logs()).toContain('health: storage did not answer');
      gate.resolve();
      clock.offset += 60_000;
      await expect
        .poll(async () => (await health(slow.app)).status, { timeout: 10_000, interval: 100 })
        .toBe(200);
    } finally {
      await slow.close();
    }
  });

  it('should say degraded, still 200, when free space is below HEALTH_MIN_FREE_MB, and log it once', async () => {
    // no disk of this machine has 100 TB free
    const full = await createTestApp({ HEALTH_MIN_FREE_MB: '100000000' });
    try {
      const answer = await health(full.app);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ...HEALTHY, status: 'degraded', disk: 'low' });
      await health(full.app);
      const lines = full
        .logs()
        .split('\n')
        .filter((line) => line.includes('health: disk space low'));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ level: 40, minFreeMb: 100_000_000 });
    } finally {
      await full.close();
    }
  });

  it('should show what the mail worker saw of the relay, and stay 200 when it is down', async () => {
    const mail = { recipient: 'erika@example.de', subject: 'Hallo', html: '<p>Hallo</p>', text: 'Hallo' };
    // without SMTP_URL the mails become files: they go
    const files = await createTestApp();
    const silent = await startSilentRelay();
    const hung = await createTestApp(
      { SMTP_URL: silent.url },
      { mailWorker: { relayTimeouts: { connectMs: 1_000, greetingMs: 300, socketMs: 1_000 } } },
    );
    try {
      for (const t of [files, hung]) {
        expect((await health(t.app)).body).toMatchObject({ mail: 'unknown' });
        await createMailOutbox(t.database).enqueue(t.database.db, [mail]);
        await t.app.mailWorker.runOnce();
      }
      expect((await health(files.app)).body).toEqual({ ...HEALTHY, mail: 'up' });
      const answer = await health(hung.app);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ...HEALTHY, status: 'degraded', mail: 'down' });
    } finally {
      await files.close();
      await hung.close();
      await silent.close();
    }
  });
});
