import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildOptions, buildApp } from '../../src/app.ts';
import { loadConfig, type TConfig, type TDatabaseConfig } from '../../src/config.ts';
import { createDatabase, type Database } from '../../src/platform/db/database.ts';
import { migrateToLatest } from '../../src/platform/db/migrate.ts';

export const TEST_API_KEY = 'test-external-api-key-0123456789';
export const TEST_ORIGIN = 'http://localhost:8080';

/** Each call gets its own database: a SQLite file in a temp folder, or a fresh PostgreSQL schema. */
export async function openTestDatabase(
  dataDir: string,
): Promise<{ database: Database; config: TDatabaseConfig; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith('postgres')) {
    const config: TDatabaseConfig = { kind: 'sqlite', file: path.join(dataDir, 'portal.sqlite') };
    const database = createDatabase(config);
    return { database, config, drop: () => database.close() };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const config: TDatabaseConfig = { kind: 'postgres', url, schema };
  const database = createDatabase(config);
  return {
    database,
    config,
    // The schema itself is dropped by the global teardown, after every test file has finished.
    drop: () => database.close(),
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: TConfig;
  database: Database;
  /** where the test database is, to open a second connection to it (a second instance of the server) */
  databaseConfig: TDatabaseConfig;
  /** every log line the app wrote, as text. */
  logs: () => string;
  /**
   * Another instance of the server on the same database, through a connection of its own (as after a
   * restart or on a second machine), or reaching it as `reach` says (another address or role). The caller
   * closes it.
   */
  secondInstance: (
    build?: Omit<BuildOptions, 'database' | 'logStream'>,
    reach?: TDatabaseConfig,
  ) => Promise<{
    app: FastifyInstance;
    database: Database;
    /** every log line the second instance wrote, as text */
    logs: () => string;
    close: () => Promise<void>;
  }>;
  close: () => Promise<void>;
}

/** The build options a test may give its app: clocks, timings and the seams that fail a backend. */
export type TestBuildOptions = Pick<
  BuildOptions,
  'eventsClock' | 'mailWorker' | 'health' | 'openUploadFile' | 'bodyStall'
>;

export async function createTestApp(
  env: Record<string, string> = {},
  build: TestBuildOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    EXTERNAL_API_KEY: TEST_API_KEY,
    LOGIN_FORM_ORIGINS: TEST_ORIGIN,
    PUBLIC_URL: 'http://localhost:8080',
    HOST_ORIGIN: 'https://www.verband.example',
    WEB_DIST: path.join(dataDir, 'web'),
    LOG_LEVEL: 'info',
    RATE_LIMIT_MAX: '1000',
    ...env,
  });
  const { database, config: databaseConfig, drop } = await openTestDatabase(dataDir);
  await migrateToLatest(database);
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const app = await buildApp(config, { database, logStream, ...build });
  await app.ready();
  return {
    app,
    config,
    database,
    databaseConfig,
    logs: () => lines.join(''),
    secondInstance: async (options = {}, reach = databaseConfig) => {
      const second = createDatabase(reach);
      const secondLines: string[] = [];
      const secondLog = new Writable({
        write(chunk: Buffer, _encoding, done) {
          secondLines.push(chunk.toString('utf8'));
          done();
        },
      });
      const secondApp = await buildApp(config, { ...options, database: second, logStream: secondLog });
      await secondApp.ready();
      return {
        app: secondApp,
        database: second,
        logs: () => secondLines.join(''),
        close: async () => {
          await secondApp.close();
          await second.close();
        },
      };
    },
    close: async () => {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
