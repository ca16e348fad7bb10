import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migrateUpTo } from '../../src/platform/db/migrate.ts';
import { openTestDatabase } from '../helpers/test-app.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-sessions-migration-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('migration 0007 (sessions)', () => {
  it('makes a session of every refresh-token family, ended only where every token was revoked', async () => {
    const { database, drop } = await openTestDatabase(dir);
    try {
      const db = database.db;
      await migrateUpTo(database, '0006-rate-limits');
      const now = new Date();
      const later = new Date(now.getTime() + 60_000);
      const { id: userId } = await db
        .insertInto('users')
        .values({
          username: 'mitglied',
          usernameKey: 'mitglied',
          email: null,
          company: null,
          role: 'ROLE_USER',
          passwordHash: null,
          disabled: false,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const token = (familyId: string, tokenHash: string, revokedAt: Date | null, createdAt = now) => ({
        userId,
        familyId,
        tokenHash,
        expiresAt: new Date(now.getTime() + 86_400_000),
        usedAt: null,
        revokedAt,
        createdAt,
      });
      await db
        .insertInto('refreshTokens')
        .values([
          token('lebt', 'a', null),
          token('lebt', 'b', null, later),
          token('beendet', 'c', now),
          token('beendet', 'd', later),
          // One token revoked and one not: before 0007 the not revoked one still refreshed, so it stays alive.
          token('halb', 'e', null),
          token('halb', 'f', now, later),
        ])
        .execute();

      await migrateToLatest(database);

      const sessions = await db
        .selectFrom('sessions')
        .select(['id', 'userId', 'createdAt', 'revokedAt'])
        .orderBy('id')
        .execute();
      expect(sessions.map((s) => [s.id, s.userId, s.revokedAt !== null])).toEqual([
        ['beendet', userId, true],
        ['halb', userId, false],
        ['lebt', userId, false],
      ]);
      const created = sessions.find((s) => s.id === 'lebt')?.createdAt;
      expect(new Date(created ?? 0).getTime()).toBe(now.getTime());
    } finally {
      await drop();
    }
  });
});
