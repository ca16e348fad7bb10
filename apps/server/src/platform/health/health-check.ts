/**
 * What `/api/health` checks: that the database and the storage can both be written and read back. It answers
 * within HEALTH_TIMEOUT_MS whatever state they are in (a frozen database, a storage that never answers), needs
 * no token, and stays cheap enough for a load balancer that asks every few seconds:
 * - the database: one upsert of a settings row, through a connection of its own with short timeouts, so
 *   that a pool full of stuck requests does not hold up the answer;
 * - the storage: a small file written, read back and deleted, at most every STORAGE_CHECK_MS (S3 requests
 *   cost).
 * Callers that arrive while a check runs share its answer.
 */
import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { THealth } from '@portal/contract';
import type { TDatabaseConfig } from '../../config.ts';
import { createDatabase, type Database } from '../db/database.ts';
import { outsideRequests } from '../db/request-scope.ts';
import type { Storage } from '../storage/storage.ts';

/** The whole check ends within this, answered or not: a health check must not hang. */
const HEALTH_TIMEOUT_MS = 1_500;
/** A storage check is reused this long. */
const STORAGE_CHECK_MS = 5_000;
/** The settings row every check writes. */
const PROBE_KEY = 'health.probe';

export interface HealthCheck {
  check(): Promise<THealth>;
  close(): Promise<void>;
}

function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * One at a time: a caller during a running check gets that check's answer. The check runs outside the request
 * that started it, so that this caller's leaving or its database time does not decide the others' answer.
 */
function shared<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () => {
    running ??= outsideRequests(run).finally(() => {
      running = undefined;
    });
    return running;
  };
}

export function createHealthCheck(deps: {
  database: Database;
  databaseConfig: TDatabaseConfig;
  storage: Storage;
  log: { warn(object: object, message: string): void };
}): HealthCheck {
  const instance = randomUUID();
  // PostgreSQL: one connection of its own that gives up fast; SQLite answers in-process.
  const own =
    deps.databaseConfig.kind === 'postgres'
      ? createDatabase(deps.databaseConfig, {
          statementTimeoutMs: 1_000,
          deadlineMs: 1_200,
          connectTimeoutMs: 1_000,
          max: 1,
        })
      : undefined;
  const db = (own ?? deps.database).db;

  /**
   * One part's check, shared by the callers that arrive while it runs: true when `run` answered true within
   * HEALTH_TIMEOUT_MS; a failure or a timeout is logged as `health: <part> …`.
   */
  const probe = (part: string, run: () => Promise<boolean>) =>
    shared(async () => {
      const outcome = await within(run(), HEALTH_TIMEOUT_MS).catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        deps.log.warn({ reason }, `health: ${part} check failed`);
        return false as const;
      });
      if (outcome === 'timeout')
        deps.log.warn({ timeoutMs: HEALTH_TIMEOUT_MS }, `health: ${part} did not answer`);
      return outcome === true;
    });

  const databaseUp = probe('database', async () => {
    const value = `${instance} ${new Date().toISOString()}`;
    await db
      .insertInto('settings')
      .values({ key: PROBE_KEY, value, updatedAt: new Date() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updatedAt: new Date() }))
      .execute();
    const row = await db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', PROBE_KEY)
      .executeTakeFirst();
    return row !== undefined;
  });

  const storageProbe = probe('storage', async () => {
    const key = `health/${instance}.txt`;
    const written = Buffer.from(new Date().toISOString());
    await deps.storage.put(key, written);
    const file = await deps.storage.read(key);
    const same = file !== undefined && (await buffer(file.stream)).equals(written);
    // Removed at once, so that an instance that dies leaves nothing behind.
    await deps.storage.delete(key);
    return same;
  });
  let storageChecked: { at: number; up: boolean } | undefined;
  const storageUp = async () => {
    if (storageChecked && Date.now() - storageChecked.at < STORAGE_CHECK_MS) return storageChecked.up;
    const up = await storageProbe();
    storageChecked = { at: Date.now(), up };
    return up;
  };

  return {
    async check() {
      const [database, storage] = await Promise.all([databaseUp(), storageUp()]);
      return {
        status: database && storage ? 'ok' : 'degraded',
        database: database ? 'up' : 'down',
        storage: storage ? 'up' : 'down',
      };
    },
    async close() {
      await own?.close();
    },
  };
}
