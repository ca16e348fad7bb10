import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { API } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createDatabase } from '../../src/platform/db/database.ts';
import { startS3Peer } from '../helpers/s3-peer.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

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
    expect(answer.body).toEqual({ status: 'ok', database: 'up', storage: 'up' });
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
      expect(answer.body).toEqual({ status: 'degraded', database: 'down', storage: 'up' });
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
      expect(answer.body).toEqual({ status: 'degraded', database: 'up', storage: 'down' });
      expect(broken.logs()).toContain('health: storage check failed');
    } finally {
      await broken.close();
    }
  });

  it('should answer 503 within 2 s when S3 is down, and 200 while it is up', async () => {
    const peer = await startS3Peer();
    const s3 = await createTestApp(peer.env('health'));
    try {
      expect((await health(s3.app)).body).toEqual({ status: 'ok', database: 'up', storage: 'up' });
      await peer.stop();
      // The storage check is reused for a few seconds; a new instance checks at once.
      const fresh = await buildApp(s3.config, { database: s3.database });
      try {
        const answer = await health(fresh);
        expect(answer.status).toBe(503);
        expect(answer.body).toEqual({ status: 'degraded', database: 'up', storage: 'down' });
        expect(answer.ms).toBeLessThan(2_000);
      } finally {
        await fresh.close();
      }
    } finally {
      await s3.close();
      await peer.stop().catch(() => undefined);
    }
  });
});
