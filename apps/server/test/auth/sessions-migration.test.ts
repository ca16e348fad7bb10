import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/platform/db/migrate.ts';
import { columnKit } from '../../src/platform/db/migration-kit.ts';
import * as m0001 from '../../src/platform/db/migrations/0001-accounts.ts';
import * as m0002 from '../../src/platform/db/migrations/0002-content.ts';
import * as m0003 from '../../src/platform/db/migrations/0003-media-blog.ts';
import * as m0004 from '../../src/platform/db/migrations/0004-events.ts';
import * as m0005 from '../../src/platform/db/migrations/0005-forums.ts';
import * as m0006 from '../../src/platform/db/migrations/0006-rate-limits.ts';
import type { DB } from '../../src/platform/db/schema.ts';
import { openTestDatabase } from '../helpers/test-app.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-sessions-migration-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Migrates a fresh database to the state before the sessions table, as a deployed portal is. */
async function migrateBeforeSessions(db: Kysely<DB>, kind: 'sqlite' | 'postgres'): Promise<void> {
  const kit = columnKit(kind);
  const modules = {
    '0001-accounts': m0001,
    '0002-content': m0002,
    '0003-media-blog': m0003,
    '0004-events': m0004,
    '0005-forums': m0005,
    '0006-rate-limits': m0006,
  };
  const migrations: Record<string, Migration> = Object.fromEntries(
    Object.entries(modules).map(([name, module]) => [
      name,
      { up: (target: Kysely<unknown>) => module.up(target, kit) } satisfies Migration,
    ]),
  );
  const schema =
    kind === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

describe('migration 0007 (sessions)', () => {
  it('makes a session of every refresh-token family, ended only where every token was revoked', async () => {
    const { database, drop } = await openTestDatabase(dir);
    try {
      const db = database.db;
      await migrateBeforeSessions(db.withoutPlugins(), database.kind);
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
