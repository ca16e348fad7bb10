import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabaseConfig } from '../../src/config.ts';
import { createAccountsService } from '../../src/features/accounts/index.ts';
import { createPrivacyService } from '../../src/features/privacy/privacy.service.ts';
import { createDatabase, type Database } from '../../src/platform/db/database.ts';
import { migrateToLatest } from '../../src/platform/db/migrate.ts';
import { runCli } from '../helpers/server-process.ts';

/** `node src/cli/user.ts …` as `npm run user -- …` runs it. */
const userCli = (args: string[]) => runCli('src/cli/user.ts', args, env);

// A database of its own that the CLI reaches through DATABASE_URL: a SQLite file, or a PostgreSQL database
// (a test's schema cannot be named in DATABASE_URL).
let dataDir: string;
let database: Database;
let dropDatabase = async () => {};
let env: Record<string, string>;
let erikaId: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-erase-cli-'));
  let config: TDatabaseConfig;
  let databaseUrl: string;
  const url = process.env.DATABASE_URL;
  if (url?.startsWith('postgres')) {
    const name = `portal_erase_cli_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const own = new URL(url);
    own.pathname = `/${name}`;
    databaseUrl = own.toString();
    config = { kind: 'postgres', url: databaseUrl };
    dropDatabase = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    const file = path.join(dataDir, 'portal.sqlite');
    databaseUrl = `sqlite:${file}`;
    config = { kind: 'sqlite', file };
  }
  database = createDatabase(config);
  await migrateToLatest(database);
  env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };

  const accounts = createAccountsService(database.db);
  const admin = await accounts.upsertUser({ username: 'chefin', roles: ['ROLE_ADMIN'] });
  erikaId = (
    await accounts.upsertUser({
      username: 'erika',
      email: 'erika@glas.example',
      company: 'Glas AG',
      roles: ['ROLE_USER'],
      groups: ['Mitglieder'],
    })
  ).id;
  await createPrivacyService({ db: database.db, accounts }).erase(admin.id, erikaId);
});

afterAll(async () => {
  await database.close();
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run user with an erased member', () => {
  it('should list the erased member without name, address or company', async () => {
    const { code, stdout } = await userCli(['list']);
    expect(code).toBe(0);
    expect(stdout.replace(/\n$/, '').split('\n')).toEqual([
      'Ehemaliges Mitglied\tROLE_USER\t\t\tgesperrt',
      'chefin\tROLE_ADMIN\t\t',
    ]);
  });

  it('should not find the erased member under the old name, and create a new one with it', async () => {
    const disable = await userCli(['disable', 'erika']);
    expect(disable.code).toBe(2);
    expect(disable.stderr).toContain('Benutzer "erika" gibt es nicht.');

    const created = await userCli(['create', 'erika', '--email', 'erika@neu.example']);
    expect(created.code).toBe(0);
    const row = await database.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('usernameKey', '=', 'erika')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ id: expect.any(Number), email: 'erika@neu.example' });
    expect(row.id).not.toBe(erikaId);
    const { stdout } = await userCli(['list']);
    expect(stdout).toContain('erika\tROLE_USER\terika@neu.example');
  });
});
