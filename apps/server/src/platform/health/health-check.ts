/**
 * What `/api/health` checks (decision 0110). It answers within `answerWithinMs` whatever state the backends
 * are in, needs no token, and stays cheap enough for a load balancer that asks every few seconds:
 * - the database: one upsert of a settings row, through a connection of its own, so that a pool full of
 *   stuck requests does not hold up the answer;
 * - the storage: a small file written, read back and deleted, at most every `storageEveryMs` (S3 requests
 *   cost);
 * - the free space of the folders this instance writes, against HEALTH_MIN_FREE_MB;
 * - what the mail worker saw of the relay at its last send.
 * 503 ('down') only when the database or the storage fails: the instance cannot serve. Low disk space and a
 * relay that does not answer are 'degraded' with 200: the instance serves, an operator is needed, and taking
 * it out of the load balancer would help nobody (every instance uses the same relay).
 */
import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { THealth } from '@portal/contract';
import type { TDatabaseConfig } from '../../config.ts';
import { createDatabase, type Database } from '../db/database.ts';
import { outsideRequests } from '../db/request-scope.ts';
import type { Storage } from '../storage/storage.ts';
import { createFreeSpaceCheck } from './free-space.ts';
import { createProbe, isLate, type ProbeTiming, within } from './probe.ts';

export interface HealthOptions extends ProbeTiming {
  /** a storage answer is reused this long */
  storageEveryMs: number;
}

const DEFAULT_HEALTH_OPTIONS: HealthOptions = {
  // below the 1.5 s README promises, so that the answer itself still fits
  answerWithinMs: 1_200,
  probeTimeoutMs: 5_000,
  storageEveryMs: 5_000,
  now: () => Date.now(),
};

/** The settings row every check writes. */
const PROBE_KEY = 'health.probe';

export interface HealthCheck {
  check(): Promise<THealth>;
  close(): Promise<void>;
}

interface HealthLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

export function createHealthCheck(deps: {
  database: Database;
  databaseConfig: TDatabaseConfig;
  storage: Storage;
  /** the folders whose free space is checked, and the least they must have (0: not checked) */
  disk: { folders: readonly string[]; minFreeBytes: number };
  /** what the mail worker saw of the relay */
  mail: () => THealth['mail'];
  log: HealthLog;
  options?: Partial<HealthOptions>;
}): HealthCheck {
  const timing = { ...DEFAULT_HEALTH_OPTIONS, ...deps.options };
  const { log } = deps;
  const instance = randomUUID();
  // PostgreSQL: one connection of its own. Its own timeouts stay under the probe's, so that a slow answer
  // is late (the last answer stands), not failed, while a refused connection still fails at once.
  const own =
    deps.databaseConfig.kind === 'postgres'
      ? createDatabase(deps.databaseConfig, {
          statementTimeoutMs: timing.probeTimeoutMs - 1_000,
          deadlineMs: timing.probeTimeoutMs - 500,
          connectTimeoutMs: timing.probeTimeoutMs - 1_000,
          max: 1,
        })
      : undefined;
  const db = (own ?? deps.database).db;

  const databaseUp = createProbe(
    'database',
    async () => {
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
    },
    { timing, reuseMs: 0, log },
  );

  const storageUp = createProbe(
    'storage',
    async () => {
      const key = `health/${instance}.txt`;
      const written = Buffer.from(new Date().toISOString());
      await deps.storage.put(key, written);
      const file = await deps.storage.read(key);
      const same = file !== undefined && (await buffer(file.stream)).equals(written);
      // Removed at once, so that an instance that dies leaves nothing behind.
      await deps.storage.delete(key);
      return same;
    },
    { timing, reuseMs: timing.storageEveryMs, log },
  );

  const freeSpace = createFreeSpaceCheck({ ...deps.disk, log });
  let lastDisk: THealth['disk'] = 'ok';
  const disk = async (): Promise<THealth['disk']> => {
    const answer = await within(freeSpace(), timing.answerWithinMs);
    if (!isLate(answer)) lastDisk = answer;
    return lastDisk;
  };

  return {
    // The probes run outside the request that started them: checks share a running probe, so one caller's
    // leaving or its database time must not decide the others' answer.
    check: () => outsideRequests(() => answer()),
    async close() {
      await own?.close();
    },
  };

  async function answer(): Promise<THealth> {
    const [database, storage, space] = await Promise.all([databaseUp(), storageUp(), disk()]);
    const mail = deps.mail();
    return {
      status: !database || !storage ? 'down' : space === 'low' || mail === 'down' ? 'degraded' : 'ok',
      database: database ? 'up' : 'down',
      storage: storage ? 'up' : 'down',
      disk: space,
      mail,
    };
  }
}
