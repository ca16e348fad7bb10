import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TDatabaseConfig } from '../../src/config.ts';
import { createDatabase, type Database } from '../../src/platform/db/database.ts';
import { migrateToLatest } from '../../src/platform/db/migrate.ts';

export interface CliDatabase {
  database: Database;
  dataDir: string;
  /** DATA_DIR and DATABASE_URL, the environment a CLI needs to reach this database */
  env: Record<string, string>;
  /** closes the database and removes it and the data folder */
  close(): Promise<void>;
}

/**
 * A migrated database of its own that a CLI child process reaches through DATABASE_URL: a SQLite file, or a
 * PostgreSQL database on the suite's cluster (a test's schema cannot be named in DATABASE_URL).
 */
export async function openCliDatabase(name: string): Promise<CliDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `portal-${name}-`));
  let config: TDatabaseConfig;
  let databaseUrl: string;
  let drop = async () => {};
  const url = process.env.DATABASE_URL;
  if (url?.startsWith('postgres')) {
    const database = `portal_${name.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${database}`);
    const own = new URL(url);
    own.pathname = `/${database}`;
    databaseUrl = own.toString();
    config = { kind: 'postgres', url: databaseUrl };
    drop = async () => {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    };
  } else {
    const file = path.join(dataDir, 'portal.sqlite');
    databaseUrl = `sqlite:${file}`;
    config = { kind: 'sqlite', file };
  }
  const database = createDatabase(config);
  await migrateToLatest(database);
  return {
    database,
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    async close() {
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
