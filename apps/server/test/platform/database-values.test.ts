import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { Database } from '../../src/platform/db/database.ts';
import { migrateToLatest } from '../../src/platform/db/migrate.ts';
import { openTestDatabase } from '../helpers/test-app.ts';

// Decision 0142: repositories read Date, boolean and number on both databases, however a query names a column.
const JOINED = new Date('2024-03-01T09:30:00.000Z');
const CHANGED = new Date('2024-04-02T10:00:00.000Z');

describe('values read from the database', () => {
  let dir: string;
  let database: Database;
  let drop: () => Promise<void>;
  let userId: number;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-values-'));
    ({ database, drop } = await openTestDatabase(dir));
    await migrateToLatest(database);
    const user = await database.db
      .insertInto('users')
      .values({
        username: 'anna',
        usernameKey: 'anna',
        role: 'ROLE_USER',
        disabled: true,
        createdAt: JOINED,
        updatedAt: CHANGED,
      })
      .returning(['id', 'createdAt', 'disabled'])
      .executeTakeFirstOrThrow();
    userId = user.id;
    await database.db.insertInto('userGroups').values({ name: 'Nord', createdAt: JOINED }).execute();
    await database.db
      .insertInto('rateLimits')
      .values({ key: 'ip', resetAt: 1_700_000_000_000, count: 2 })
      .execute();
  });
  afterAll(async () => {
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('should read a row of a table as Date, boolean and number', async () => {
    const user = await database.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(user).toMatchObject({ createdAt: JOINED, updatedAt: CHANGED, disabled: true, lastLoginAt: null });
    const group = await database.db.selectFrom('userGroups').selectAll().executeTakeFirstOrThrow();
    expect(group).toMatchObject({ internal: false, isDefault: false, createdAt: JOINED });
    const limit = await database.db.selectFrom('rateLimits').selectAll().executeTakeFirstOrThrow();
    expect(limit).toEqual({ key: 'ip', resetAt: 1_700_000_000_000, count: 2 });
  });

  it('should read columns under an alias, through a join, a subquery and a CTE alike', async () => {
    const row = await database.db
      .with('joined', (db) => db.selectFrom('users').select(['id', 'createdAt as since']))
      .selectFrom('users as u')
      .innerJoin('joined as j', 'j.id', 'u.id')
      .select((eb) => [
        'u.disabled as off',
        'j.since',
        eb.selectFrom('userGroups as g').select('g.internal').limit(1).as('firstInternal'),
      ])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ off: true, since: JOINED, firstInternal: false });
    expectTypeOf(row.since).toEqualTypeOf<Date>();
  });

  it('should read the columns of raw SQL and of RETURNING', async () => {
    const { rows } = await sql<{ at: Date; off: boolean }>`select u.updated_at as at, u.disabled as off
      from users u where u.id = ${userId}`.execute(database.db);
    expect(rows).toEqual([{ at: CHANGED, off: true }]);
    const updated = await database.db
      .updateTable('users')
      .set({ lastLoginAt: CHANGED })
      .where('id', '=', userId)
      .returning(['lastLoginAt as seen', 'disabled'])
      .executeTakeFirstOrThrow();
    expect(updated).toEqual({ seen: CHANGED, disabled: true });
  });

  it('should type and read aggregates as what they aggregate, and counts as numbers', async () => {
    const row = await database.db
      .selectFrom('users')
      .select((eb) => [
        eb.fn.max('createdAt').as('first'),
        eb.fn.min('updatedAt').as('changed'),
        eb.fn.coalesce(eb.fn.max('erasedAt'), eb.fn.min('createdAt')).as('gone'),
        eb.fn.countAll<number>().as('users'),
        eb.fn.sum<number>('id').as('ids'),
      ])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ first: JOINED, changed: CHANGED, gone: JOINED, users: 1, ids: userId });
    expectTypeOf(row.first).toEqualTypeOf<Date>();
    const empty = await database.db
      .selectFrom('users')
      .select((eb) => eb.fn.max('erasedAt').as('last'))
      .executeTakeFirstOrThrow();
    expect(empty.last).toBeNull();
    const { rows } = await sql<{ n: number }>`select count(*) as n from users`.execute(database.db);
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('should read comparisons and exists as booleans', async () => {
    const row = await database.db
      .selectFrom('users as u')
      .select((eb) => [
        eb('u.passwordHash', 'is not', null).as('hasPassword'),
        eb.exists(eb.selectFrom('userGroups').select('id')).as('anyGroup'),
        eb.not(eb.exists(eb.selectFrom('sessions').select('id'))).as('noSessions'),
        eb.and([eb('u.id', '=', userId), eb('u.disabled', '=', true)]).as('both'),
        eb
          .selectFrom('userGroups as g')
          .select((inner) => inner.fn.max('g.createdAt').as('m'))
          .as('newestGroup'),
      ])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      hasPassword: false,
      anyGroup: true,
      noSessions: true,
      both: true,
      newestGroup: JOINED,
    });
  });
});
