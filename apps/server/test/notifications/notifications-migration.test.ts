import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migrateUpTo } from '../../src/platform/db/migrate.ts';
import { openTestDatabase } from '../helpers/test-app.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-notifications-migration-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('migration 0012 (notifications)', () => {
  it('lets the authors of existing threads follow them, and starts unread counting at its own moment', async () => {
    const { database, drop } = await openTestDatabase(dir);
    try {
      const db = database.db;
      await migrateUpTo(database, '0011-search');
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
