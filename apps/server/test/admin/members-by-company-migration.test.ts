import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migrateUpTo } from '../../src/platform/db/migrate.ts';
import { openTestDatabase } from '../helpers/test-app.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-members-by-company-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('migration 0036 (members by company, issue 36 point 5)', () => {
  it("should write every member's name key and company order, and keep the order through the triggers", async () => {
    const { database, drop } = await openTestDatabase(dir);
    try {
      const { db } = database;
      await migrateUpTo(database, '0035-people-and-company-numbers');
      const now = new Date();
      const user = async (username: string, firstName: string | null, lastName: string | null) =>
        (
          await db
            .insertInto('users')
            .values({
              username,
              usernameKey: username.toLowerCase(),
              firstName,
              lastName,
              email: null,
              company: null,
              role: 'ROLE_USER',
              passwordHash: null,
              disabled: false,
              createdAt: now,
              updatedAt: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const company = async (name: string, nameKey: string) =>
        (
          await db
            .insertInto('companies')
            .values({
              name,
              nameKey,
              letter: nameKey[0]?.toUpperCase() ?? '#',
              createdAt: now,
              updatedAt: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const erika = await user('erika', 'Erika', 'Müller');
      const max = await user('Max', null, null);
      const glas = await company('Glas Ähre GmbH', 'glasaehregmbh');
      await db
        .insertInto('companyMembers')
        .values({ userId: erika, companyId: glas, createdAt: now })
        .execute();

      await migrateToLatest(database);

      const keys = () =>
        db.selectFrom('users').select(['id', 'nameKey', 'companyOrder']).orderBy('id').execute();
      expect(await keys()).toEqual([
        { id: erika, nameKey: 'erika mueller', companyOrder: '0glasaehregmbh' },
        { id: max, nameKey: 'max', companyOrder: '1' },
      ]);

      // a member joins, a company is renamed, a member leaves, a company is deleted
      const other = await company('Zeta AG', 'zetaag');
      await db
        .insertInto('companyMembers')
        .values({ userId: max, companyId: other, createdAt: now })
        .execute();
      await db.updateTable('companies').set({ nameKey: 'alphaag' }).where('id', '=', other).execute();
      expect((await keys()).map((row) => row.companyOrder)).toEqual(['0glasaehregmbh', '0alphaag']);
      await db.updateTable('companyMembers').set({ companyId: glas }).where('userId', '=', max).execute();
      expect((await keys()).map((row) => row.companyOrder)).toEqual(['0glasaehregmbh', '0glasaehregmbh']);
      await db.deleteFrom('companyMembers').where('userId', '=', erika).execute();
      await db.deleteFrom('companies').where('id', '=', glas).execute();
      expect((await keys()).map((row) => row.companyOrder)).toEqual(['1', '1']);
    } finally {
      await drop();
    }
  });
});
