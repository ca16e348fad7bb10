import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createAccountsService } from '../../src/features/accounts/index.ts';
import { createDatabase, type Database } from '../../src/platform/db/database.ts';
import { migrateToLatest } from '../../src/platform/db/migrate.ts';
import { createJobLease } from '../../src/platform/jobs/job-lease.ts';
import { runCli } from '../helpers/server-process.ts';
import { readMail } from '../helpers/smtp-peer.ts';

/**
 * `npm run digest -- --now` in a child process, on a SQLite data folder of its own (also in the PostgreSQL
 * run: the CLI opens the database from DATABASE_URL, where a test's schema cannot be named).
 */
const ENV = {
  JWT_SECRET: 'digest-cli-secret-that-is-long-enough-0123456789',
  PUBLIC_URL: 'http://portal.example',
};
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let dataDir: string;
let database: Database;

const digestCli = (args: string[]) => runCli('src/cli/digest.ts', args, { DATA_DIR: dataDir, ...ENV });

const outbox = () => path.join(dataDir, 'outbox');
const emlFiles = () => (existsSync(outbox()) ? readdirSync(outbox()).sort() : []);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-digest-cli-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...ENV });
  database = createDatabase(config.database);
  await migrateToLatest(database);
  const accounts = createAccountsService(database.db);
  await accounts.ensureGroup('Mitglieder', { isDefault: true });
  const { id } = await accounts.upsertUser({
    username: 'mitglied',
    email: 'mitglied@example.de',
    roles: ['ROLE_USER'],
    groups: ['Mitglieder'],
  });
  const { id: author } = await accounts.upsertUser({ username: 'redaktion', roles: ['ROLE_ADMIN'] });
  const db = database.db;
  const now = new Date();
  const group = await db
    .selectFrom('userGroups')
    .select('id')
    .where('name', '=', 'Mitglieder')
    .executeTakeFirstOrThrow();
  const post = await db
    .insertInto('blogPosts')
    .values({
      title: 'Neues aus dem Verband',
      preText: '<p>Kurz</p>',
      content: '<p>Lang</p>',
      imageKey: null,
      imageName: null,
      publishedAt: new Date(now.getTime() - MINUTE),
      authorId: author,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('blogPostGroups').values({ blogPostId: post.id, groupId: group.id }).execute();
  // the last digest two days ago: due whatever the time of day
  await db
    .insertInto('notificationSettings')
    .values({ userId: id, digestUntil: new Date(now.getTime() - 2 * DAY), updatedAt: now })
    .execute();
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run digest', () => {
  it('should print its usage and exit 2 without --now', async () => {
    const result = await digestCli([]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('npm run digest -- --now');
    expect(emlFiles()).toEqual([]);
  });

  it('should refuse, after waiting, while another instance holds the lease', {
    timeout: 30_000,
  }, async () => {
    const lease = createJobLease(database.db);
    expect(await lease.take('digest', 'server-1', MINUTE)).toBe(true);
    try {
      const started = Date.now();
      const result = await digestCli(['--now']);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('Eine andere Instanz verschickt gerade die Zusammenfassungen');
      expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
      expect(emlFiles()).toEqual([]);
    } finally {
      await lease.release('digest', 'server-1');
    }
  });

  it('should send the due digests at once, and nothing the second time', { timeout: 30_000 }, async () => {
    // held for two more seconds: the command waits for it
    await createJobLease(database.db).take('digest', 'server-1', 2_000);
    const first = await digestCli(['--now']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Mitglieder fällig: +1\n/);
    expect(first.stdout).toMatch(/E-Mails eingereiht: +1\n/);
    expect(first.stdout).toMatch(/Leer, nicht verschickt: +0\n/);
    expect(first.stdout).toMatch(/E-Mails versandt: +1\n/);
    expect(first.stdout).toMatch(/E-Mails wartend: +0\n/);
    const files = emlFiles();
    expect(files).toHaveLength(1);
    const mail = readMail(readFileSync(path.join(outbox(), files[0] ?? ''), 'utf8'));
    expect(mail.to).toBe('mitglied@example.de');
    expect(mail.subject).toBe('Neues im Mitgliederportal: 1 Beitrag');
    expect(mail.text).toContain('http://portal.example/blog/');

    const second = await digestCli(['--now']);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/Mitglieder fällig: +0\n/);
    expect(second.stdout).toMatch(/E-Mails versandt: +0\n/);
    expect(emlFiles()).toEqual(files);
  });
});
