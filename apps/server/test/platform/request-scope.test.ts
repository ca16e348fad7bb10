/**
 * The rules of a request's database work (platform/db/request-scope.ts), on each database's own driver: a
 * transaction whose client left, or whose request ran out of time, before its COMMIT is rolled back, never
 * committed (issue 30 point 4); a statement still running is abandoned; jobs outside requests are not bound.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabaseConfig } from '../../src/config.ts';
import type { Database } from '../../src/platform/db/database.ts';
import { DatabaseUnavailableError, RequestAbandonedError } from '../../src/platform/db/database-errors.ts';
import { migrateToLatest } from '../../src/platform/db/migrate.ts';
import { outsideRequests, RequestScope, runInRequestScope } from '../../src/platform/db/request-scope.ts';
import type { DB } from '../../src/platform/db/schema.ts';
import { createHealthCheck } from '../../src/platform/health/health-check.ts';
import { createLocalStorage } from '../../src/platform/storage/storage.ts';
import { openTestDatabase } from '../helpers/test-app.ts';
import { waitFor } from '../helpers/wait.ts';

const onPostgres = process.env.DATABASE_URL?.startsWith('postgres') === true;

let dir: string;
let database: Database;
let config: TDatabaseConfig;
let db: Kysely<DB>;
let drop: () => Promise<void>;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-scope-'));
  ({ database, config, drop } = await openTestDatabase(dir));
  await migrateToLatest(database);
  db = database.db;
});
afterAll(async () => {
  await drop();
  rmSync(dir, { recursive: true, force: true });
});

const write = (executor: Kysely<DB>, key: string) =>
  executor.insertInto('rateLimits').values({ key, resetAt: 0, count: 1 }).execute();

async function written(key: string): Promise<boolean> {
  const row = await db.selectFrom('rateLimits').select('key').where('key', '=', key).executeTakeFirst();
  return row !== undefined;
}

describe('a transaction in a request', () => {
  it('should be rolled back, not committed, when the client left before its COMMIT', async () => {
    const scope = new RequestScope(60_000);
    const saving = runInRequestScope(scope, () =>
      db.transaction().execute(async (trx) => {
        await write(trx, 'left-1');
        await write(trx, 'left-2');
        scope.abandon();
      }),
    );
    await expect(saving).rejects.toBeInstanceOf(RequestAbandonedError);
    expect(await written('left-1')).toBe(false);
    expect(await written('left-2')).toBe(false);
  });

  it("should be rolled back, not committed, when the request's time ran out before its COMMIT", async () => {
    const scope = new RequestScope(300);
    const saving = runInRequestScope(scope, () =>
      db.transaction().execute(async (trx) => {
        await write(trx, 'late');
        // An open transaction holds its connection: the request's time runs on while it waits here.
        await waitFor(() => scope.remainingMs() <= 0, 'the time ran out');
      }),
    );
    await expect(saving).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(await written('late')).toBe(false);
  });

  it('should commit when the client is there and time is left', async () => {
    const scope = new RequestScope(60_000);
    await runInRequestScope(scope, () => db.transaction().execute((trx) => write(trx, 'kept')));
    expect(await written('kept')).toBe(true);
  });

  it('should not count the time the request holds no connection', async () => {
    const scope = new RequestScope(1_000);
    await runInRequestScope(scope, () => write(db, 'before-pause'));
    const paused = performance.now();
    // e.g. a slow upload's body arriving, or a file being stored, between two statements
    await waitFor(() => performance.now() - paused > 1_500, 'longer than the whole limit passed');
    await runInRequestScope(scope, () => write(db, 'after-pause'));
    expect(await written('after-pause')).toBe(true);
  });

  it("should leave work outside requests (a job a request wakes) to the statements' own limits", async () => {
    const scope = new RequestScope(60_000);
    scope.abandon();
    await runInRequestScope(scope, () => outsideRequests(() => write(db, 'job')));
    expect(await written('job')).toBe(true);
    await expect(runInRequestScope(scope, () => write(db, 'request'))).rejects.toBeInstanceOf(
      RequestAbandonedError,
    );
  });
});

describe('a health check that callers share', () => {
  it('should run outside the request that started it, whose client left', async () => {
    const health = createHealthCheck({
      database,
      databaseConfig: config,
      storage: createLocalStorage(path.join(dir, 'uploads')),
      disk: { folders: [dir], minFreeBytes: 0 },
      mail: () => 'unknown',
      log: { warn: () => undefined, info: () => undefined },
    });
    const scope = new RequestScope(60_000);
    scope.abandon();
    try {
      // The callers arriving meanwhile get this check's answer: the first one's leaving must not decide it.
      expect(await runInRequestScope(scope, () => health.check())).toEqual({
        status: 'ok',
        database: 'up',
        storage: 'up',
        disk: 'ok',
        mail: 'unknown',
      });
    } finally {
      await health.close();
    }
  });
});

describe.runIf(onPostgres)('a statement still running in a request (PostgreSQL)', () => {
  const sleep = (executor: Kysely<DB>) => sql`select pg_sleep(3)`.execute(executor);
  const sleepRunning = async () => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
      where state = 'active' and query = 'select pg_sleep(3)'`.execute(db);
    return (rows[0]?.n ?? 0) > 0;
  };

  it("should be ended when the request's time runs out, its transaction rolled back", async () => {
    const scope = new RequestScope(500);
    const begin = performance.now();
    const saving = runInRequestScope(scope, () =>
      db.transaction().execute(async (trx) => {
        await write(trx, 'slow');
        await sleep(trx);
      }),
    );
    await expect(saving).rejects.toBeInstanceOf(DatabaseUnavailableError);
    // pg_sleep(3) would have taken 3 s: the request's 0.5 s ended it.
    expect(performance.now() - begin).toBeLessThan(2_500);
    expect(await written('slow')).toBe(false);
  });

  it('should be abandoned at once when the client leaves', async () => {
    const scope = new RequestScope(60_000);
    const begin = performance.now();
    const saving = runInRequestScope(scope, () =>
      db.transaction().execute(async (trx) => {
        await write(trx, 'abandoned');
        const sleeping = sleep(trx);
        await waitFor(sleepRunning, 'the statement runs on the server');
        scope.abandon();
        await sleeping;
      }),
    );
    await expect(saving).rejects.toBeInstanceOf(RequestAbandonedError);
    expect(performance.now() - begin).toBeLessThan(2_500);
    expect(await written('abandoned')).toBe(false);
  });

  it('should leave the pool working for the next request', async () => {
    const scope = new RequestScope(60_000);
    await runInRequestScope(scope, () => write(db, 'next'));
    expect(await written('next')).toBe(true);
  });
});
