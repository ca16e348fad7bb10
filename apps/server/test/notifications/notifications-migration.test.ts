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
import * as m0007 from '../../src/platform/db/migrations/0007-sessions.ts';
import * as m0008 from '../../src/platform/db/migrations/0008-content-row-base.ts';
import * as m0009 from '../../src/platform/db/migrations/0009-upload-ledger.ts';
import * as m0010 from '../../src/platform/db/migrations/0010-breaking-news.ts';
import * as m0011 from '../../src/platform/db/migrations/0011-search.ts';
import type { DB } from '../../src/platform/db/schema.ts';
import { openTestDatabase } from '../helpers/test-app.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-notifications-migration-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Migrates a fresh database to the state before 0012, as a deployed portal is. */
async function migrateBeforeNotifications(db: Kysely<DB>, kind: 'sqlite' | 'postgres'): Promise<void> {
  const kit = columnKit(kind);
  const modules = {
    '0001-accounts': m0001,
    '0002-content': m0002,
    '0003-media-blog': m0003,
    '0004-events': m0004,
    '0005-forums': m0005,
    '0006-rate-limits': m0006,
    '0007-sessions': m0007,
    '0008-content-row-base': m0008,
    '0009-upload-ledger': m0009,
    '0010-breaking-news': m0010,
    '0011-search': m0011,
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

describe('migration 0012 (notifications)', () => {
  it('lets the authors of existing threads follow them, and starts unread counting at its own moment', async () => {
    const { database, drop } = await openTestDatabase(dir);
    try {
      const db = database.db;
      await migrateBeforeNotifications(db.withoutPlugins(), database.kind);
      const longAgo = new Date('2025-01-15T09:00:00Z');
      const user = async (username: string) =>
        (
          await db
            .insertInto('users')
            .values({
              username,
              usernameKey: username,
              email: `${username}@example.de`,
              company: null,
              role: 'ROLE_USER',
              passwordHash: null,
              createdAt: longAgo,
              updatedAt: longAgo,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const starter = await user('starter');
      const replier = await user('antwort');
      const reader = await user('leser');
      const { id: forumId } = await db
        .insertInto('forums')
        .values({ name: 'Technik', description: '<p>Technik</p>', createdAt: longAgo, updatedAt: longAgo })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { id: threadId } = await db
        .insertInto('forumThreads')
        .values({
          forumId,
          name: 'Altes Thema',
          authorId: starter,
          postCount: 4,
          lastPostAt: longAgo,
          createdAt: longAgo,
          updatedAt: longAgo,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const post = (authorId: number | null, isFirst = false) => ({
        threadId,
        authorId,
        content: '<p>Text</p>',
        isFirst,
        createdAt: longAgo,
        updatedAt: longAgo,
      });
      await db
        .insertInto('forumPosts')
        .values([post(starter, true), post(replier), post(replier), post(null)])
        .execute();

      const before = Date.now();
      await migrateToLatest(database);

      const readers = await db
        .selectFrom('forumThreadReaders')
        .select(['threadId', 'userId', 'following', 'followChosen', 'readPostId', 'mailedAt'])
        .orderBy('userId')
        .execute();
      expect(
        readers.map((row) => ({
          ...row,
          following: Boolean(row.following),
          followChosen: Boolean(row.followChosen),
        })),
      ).toEqual([
        { threadId, userId: starter, following: true, followChosen: false, readPostId: null, mailedAt: null },
        { threadId, userId: replier, following: true, followChosen: false, readPostId: null, mailedAt: null },
      ]);
      const users = await db.selectFrom('users').select(['id', 'forumReadFrom']).orderBy('id').execute();
      expect(users.map((row) => row.id)).toEqual([starter, replier, reader]);
      for (const row of users)
        expect(new Date(row.forumReadFrom ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
    } finally {
      await drop();
    }
  });
});
