import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsService } from '../../src/features/accounts/index.ts';
import { createPrivacyService } from '../../src/features/privacy/privacy.service.ts';
import { PRIVACY_PARTS } from '../../src/modules.ts';
import type { Database } from '../../src/platform/db/database.ts';
import { createMailOutbox } from '../../src/platform/mail/mail-outbox.ts';
import { createStorage } from '../../src/platform/storage/create-storage.ts';
import { createFileStore } from '../../src/platform/storage/file-store.ts';
import { type CliDatabase, openCliDatabase } from '../helpers/cli-database.ts';
import { runCli } from '../helpers/server-process.ts';

/** `node src/cli/user.ts …` as `npm run user -- …` runs it. */
const userCli = (args: string[]) => runCli('src/cli/user.ts', args, env);

// A database of its own that the CLI reaches through DATABASE_URL.
let database: Database;
let cli: CliDatabase;
let env: Record<string, string>;
let erikaId: number;

beforeAll(async () => {
  cli = await openCliDatabase('erase-cli');
  ({ database, env } = cli);

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
  const storage = createFileStore({
    database,
    storage: createStorage({ storageUrl: `file:${path.join(cli.dataDir, 'uploads')}`, s3: undefined }),
    log: pino({ level: 'silent' }),
  });
  await createPrivacyService({
    db: database.db,
    accounts,
    parts: PRIVACY_PARTS,
    storage,
    outbox: createMailOutbox(database),
    addresses: { publicUrl: 'https://portal.example', hostPageUrl: null },
  }).erase(admin.id, erikaId);
});

afterAll(() => cli.close());

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
    expect(disable.stderr).toContain('Benutzer „erika“ gibt es nicht.');

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
