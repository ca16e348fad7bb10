import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPrincipal } from '../../src/platform/auth/principal.ts';
import { visibleTo } from '../../src/platform/auth/visibility.ts';
import { createDatabase } from '../../src/platform/db/database.ts';
import { MIGRATION_NAMES, migrateToLatest, refreshStatistics } from '../../src/platform/db/migrate.ts';
import { createUser } from '../helpers/factories.ts';
import { createTestApp, openTestDatabase, type TestApp } from '../helpers/test-app.ts';

describe('migrations', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-migrate-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('should apply each migration once, and nothing on the next start', async () => {
    const { database, drop } = await openTestDatabase(dir);
    try {
      expect(await migrateToLatest(database)).toEqual(MIGRATION_NAMES);
      expect(await migrateToLatest(database)).toEqual([]);
    } finally {
      await drop();
    }
  });

  it('should leave statistics for the planner after refreshStatistics, so new indexes are used at once', async () => {
    const { database, drop } = await openTestDatabase(dir);
    try {
      await migrateToLatest(database);
      await database.db
        .insertInto('settings')
        .values([
          { key: 'a', value: '1', updatedAt: new Date() },
          { key: 'b', value: '2', updatedAt: new Date() },
        ])
        .execute();
      await refreshStatistics(database);
      const analysed =
        database.kind === 'postgres'
          ? await sql<{ n: number }>`select count(*)::int as n from pg_stat_user_tables
              where relname = 'settings' and schemaname = current_schema()
              and (last_analyze is not null or last_autoanalyze is not null)`.execute(database.db)
          : await sql<{ n: number }>`select count(*) as n from sqlite_stat1 where tbl = 'settings'`.execute(
              database.db,
            );
      expect(Number(analysed.rows[0]?.n)).toBeGreaterThan(0);
    } finally {
      await drop();
    }
  });

  it.runIf(process.env.DATABASE_URL?.startsWith('postgres'))(
    'should let only one of two instances migrate when they start at once on PostgreSQL',
    async () => {
      const { database, config, drop } = await openTestDatabase(dir);
      const other = createDatabase(config);
      try {
        const results = await Promise.all([migrateToLatest(database), migrateToLatest(other)]);
        expect(results.flat()).toEqual(MIGRATION_NAMES);
      } finally {
        await other.close();
        await drop();
      }
    },
  );
});

describe('data', () => {
  it('should survive a restart of the app', async () => {
    const first = await createTestApp();
    await createUser(first.app, { username: 'bleibt', groups: ['Nord'] });
    const { config, database } = first;
    await first.app.close();
    const { buildApp } = await import('../../src/app.ts');
    const again = await buildApp(config, { database });
    try {
      const user = await again.accounts.findUserByUsername('BLEIBT');
      expect(user?.username).toBe('bleibt');
      expect((await again.accounts.groupsOfUser(user?.id ?? 0)).map((g) => g.name)).toEqual(['Nord']);
    } finally {
      await again.close();
      await first.close().catch(() => undefined);
    }
  });
});

describe('usernames', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('should be unique regardless of case', async () => {
    await createUser(t.app, { username: 'Müller' });
    const { created } = await t.app.accounts.upsertUser({ username: 'MÜLLER', company: 'Neu' });
    expect(created).toBe(false);
    expect((await t.app.accounts.listUsers()).filter((u) => u.usernameKey === 'müller')).toHaveLength(1);
  });
});

describe('visibleTo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.app, { username: 'nord', groups: ['Nord'] });
    await createUser(t.app, { username: 'sued', groups: ['Süd'] });
    await createUser(t.app, { username: 'beide', groups: ['Nord', 'Süd'] });
  });
  afterAll(() => t.close());

  async function visibleUsernames(groups: string[], role: 'ROLE_ADMIN' | 'ROLE_USER') {
    const all = await t.app.accounts.listGroups();
    const mine = all
      .filter((g) => groups.includes(g.name))
      .map((g) => ({ id: g.id, name: g.name, internal: false }));
    const principal = buildPrincipal(
      { id: 999, username: 'x', email: null, company: null, role, disabled: false },
      mine,
    );
    const rows = await t.database.db
      .selectFrom('users')
      .select('username')
      .where((eb) =>
        visibleTo(principal, (groupIds) =>
          eb(
            'users.id',
            'in',
            eb.selectFrom('userGroupMembers').select('userId').where('groupId', 'in', groupIds),
          ),
        ),
      )
      .orderBy('username')
      .execute();
    return rows.map((r) => r.username);
  }

  it('should keep only rows that share a group with the user', async () => {
    expect(await visibleUsernames(['Nord'], 'ROLE_USER')).toEqual(['beide', 'nord']);
    expect(await visibleUsernames(['Süd'], 'ROLE_USER')).toEqual(['beide', 'sued']);
  });

  it('should keep nothing for a user without groups and everything for an admin', async () => {
    expect(await visibleUsernames([], 'ROLE_USER')).toEqual([]);
    expect(await visibleUsernames([], 'ROLE_ADMIN')).toEqual(['beide', 'nord', 'sued']);
  });
});
