import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migrateUpTo } from '../../src/platform/db/migrate.ts';
import { openTestDatabase } from '../helpers/test-app.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-username-keys-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('migration 0022 (username keys, issue 30)', () => {
  it('should write the keys again, keep a taken key with its holder, and leave erased members alone', async () => {
    const { database, drop } = await openTestDatabase(dir);
    try {
      const { db } = database;
      await migrateUpTo(database, '0018-search-dated-keys');
      const now = new Date();
      // the keys as the portal wrote them before: NFC, trimmed, lower case
      const members = [
        ['Erika', 'erika', null],
        ['ＥＲＩＫＡ', 'ｅｒｉｋａ', null],
        ['Ｊｏｓｅｆ', 'ｊｏｓｅｆ', null],
        ['Max\u200BMuster', 'max\u200bmuster', null],
        ['Ehemaliges Mitglied', 'ERASED#9', now],
      ] as const;
      for (const [username, usernameKey, erasedAt] of members) {
        await db
          .insertInto('users')
          .values({
            username,
            usernameKey,
            email: null,
            company: null,
            role: 'ROLE_USER',
            passwordHash: null,
            disabled: false,
            erasedAt,
            createdAt: now,
            updatedAt: now,
          })
          .execute();
      }

      await migrateToLatest(database);

      const rows = await db.selectFrom('users').select(['username', 'usernameKey']).orderBy('id').execute();
      expect(rows.map((row) => [row.username, row.usernameKey])).toEqual([
        ['Erika', 'erika'],
        // 'erika' is Erika's: this one keeps its old key, which no login reaches
        ['ＥＲＩＫＡ', 'ｅｒｉｋａ'],
        ['Ｊｏｓｅｆ', 'josef'],
        ['Max\u200BMuster', 'maxmuster'],
        ['Ehemaliges Mitglied', 'ERASED#9'],
      ]);
    } finally {
      await drop();
    }
  });
});
