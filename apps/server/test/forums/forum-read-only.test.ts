/**
 * Read-only moments read (issue 30 point 8): while the database takes no writes (a PostgreSQL standby before
 * its promotion, a read-only SQLite file), the thread page still answers; its read marker, a write on the
 * side, is skipped with a warning. Writes still answer the outage's 503. Before, reading a thread wrote the
 * marker and the page answered 503 (PostgreSQL) or 500 (SQLite).
 */
import {
  API,
  EVENTS_API,
  FORUM_API,
  MESSAGES,
  NOTIFICATIONS_API,
  SEARCH_API,
  type TForumThread,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userId } from '../helpers/factories.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { openReadOnlyInstance, type ReadOnlyInstance } from '../helpers/read-only.ts';
import { rowCounts } from '../helpers/world.ts';
import {
  createForum,
  createForumWorld,
  createPost,
  createThread,
  type ForumWorld,
  readThread,
} from './forum-helpers.ts';

let w: ForumWorld;
let thread: TForumThread;
let newestPostId: number;
let standby: ReadOnlyInstance;
beforeAll(async () => {
  w = await createForumWorld();
  thread = await createThread(w, (await createForum(w)).id);
  newestPostId = (await createPost(w, thread.id)).id;
  standby = await openReadOnlyInstance(w.t);
});
afterAll(async () => {
  await standby?.close();
  await w.t.close();
});

/** The newest post `username` has read in the thread, from their read marker (null: none). */
async function readUpTo(username: string): Promise<number | null> {
  const row = await w.t.database.db
    .selectFrom('forumThreadReaders')
    .select('readPostId')
    .where('threadId', '=', thread.id)
    .where('userId', '=', await userId(w, username))
    .executeTakeFirst();
  return row?.readPostId ?? null;
}

/** Log lines of the read-only instance at `level` (pino: 40 warn, 50 error) or above. */
const linesFrom = (level: number) =>
  standby
    .logs()
    .split('\n')
    .filter((line) => line && (JSON.parse(line) as { level: number }).level >= level);

describe('the thread page while the database takes no writes', () => {
  it('should answer 200 with the posts and what was unread, and skip the read marker with a warning', async () => {
    expect(await readUpTo('admin')).toBeNull();
    const response = await standby.app.inject({ url: FORUM_API.thread(thread.id), headers: w.as.admin });

    expect(response.statusCode).toBe(200);
    const page = response.json<TForumThread>();
    expect(page.posts).toHaveLength(2);
    expect(page.unread).toBe(2);
    expect(await readUpTo('admin')).toBeNull();
    expect(linesFrom(50)).toEqual([]);
    expect(linesFrom(40).join('\n')).toContain('read marker');
  });

  it('should answer the page again, unread as before, until the database takes writes', async () => {
    const again = await standby.app.inject({ url: FORUM_API.thread(thread.id), headers: w.as.admin });
    expect(again.statusCode).toBe(200);
    expect(again.json<TForumThread>().unread).toBe(2);
    // The promoted database (here: the instance that writes) marks the thread read again.
    await readThread(w, thread.id, '', w.as.admin);
    expect(await readUpTo('admin')).toBe(newestPostId);
  });
});

describe("a member's other reads while the database takes no writes", () => {
  it('should answer 200: none of them writes on the side', async () => {
    const reads = [
      API.profile,
      FORUM_API.list,
      FORUM_API.unread,
      FORUM_API.byId(thread.forumId),
      `${SEARCH_API.search}?q=isolierglas`,
      EVENTS_API.list,
      EVENTS_API.calendarToken,
      NOTIFICATIONS_API.settings,
    ];
    for (const url of reads) {
      const response = await standby.app.inject({ url, headers: w.as.kollege });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
    }
  });
});

describe('writes while the database takes no writes', () => {
  it('should answer 503 with the German detail and Retry-After, and write nothing', async () => {
    const before = await rowCounts(w.t, ['forumPosts', 'forumThreadReaders', 'searchDocuments']);
    const body = await multipartBody({
      forumPost: JSON.stringify({ content: '<p>Kommt nicht an.</p>' }),
      forumThreadId: String(thread.id),
    });
    const reply = await standby.app.inject({
      method: 'POST',
      url: FORUM_API.savePost,
      headers: { ...w.as.kollege, ...body.headers },
      payload: body.payload,
    });
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toEqual({ detail: MESSAGES.databaseUnavailable });
    expect(reply.headers['retry-after']).toBe('5');
    const follow = await standby.app.inject({
      method: 'PUT',
      url: FORUM_API.follow(thread.id),
      headers: w.as.admin,
      payload: { following: true },
    });
    expect(follow.statusCode).toBe(503);
    expect(await rowCounts(w.t, ['forumPosts', 'forumThreadReaders', 'searchDocuments'])).toEqual(before);
  });
});
