import { FORUM_API, type TForumThread } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createForumPostsRepository,
  type NewPost,
} from '../../src/features/forums/forum-posts.repository.ts';
import { createForumsRepository } from '../../src/features/forums/forums.repository.ts';
import { createForum, createForumWorld, createThread, type ForumWorld, readThread } from './forum-helpers.ts';

const REPLIES = 1_999;
const SECOND = 1000;

let w: ForumWorld;
let thread: TForumThread;
beforeAll(async () => {
  w = await createForumWorld();
  const forum = await createForum(w, 'Langes Thema');
  thread = await createThread(w, forum.id);
  // 1,999 replies, one a second after the first post, written in one batch instead of 1,999 requests.
  const { db } = w.t.database;
  const author = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'kollege')
    .executeTakeFirstOrThrow();
  const start = Date.parse(thread.createdAt);
  const replies: NewPost[] = Array.from({ length: REPLIES }, (_, index) => ({
    threadId: thread.id,
    authorId: author.id,
    content: `<p>Antwort ${index + 1}</p>`,
    isFirst: false,
    createdAt: new Date(start + (index + 1) * SECOND),
  }));
  const repo = createForumsRepository(db);
  await db.transaction().execute(async (trx) => {
    await createForumPostsRepository(db).insertPosts(trx, replies);
    await repo.recountThread(trx, thread.id);
  });
});
afterAll(() => w.t.close());

describe('a thread with 2,000 posts', () => {
  it('should answer the first page with the first 20 posts and the total', async () => {
    const page = await readThread(w, thread.id);
    expect(page).toMatchObject({ postCount: 2000, page: 1, pageSize: 20, pageCount: 100 });
    expect(page.posts).toHaveLength(20);
    expect(page.posts[0]).toEqual(thread.posts[0]);
    expect(page.posts.slice(1).map((post) => post.content)).toEqual(
      Array.from({ length: 19 }, (_, index) => `<p>Antwort ${index + 1}</p>`),
    );
    expect(page.posts.slice(1).every((post) => post.author?.username === 'kollege' && !post.first)).toBe(
      true,
    );
  });

  it('should answer the last page and a page in the middle', async () => {
    const last = await readThread(w, thread.id, 'page=last');
    expect(last).toMatchObject({ page: 100, postCount: 2000 });
    expect(last.posts.map((post) => post.content)).toEqual(
      Array.from({ length: 20 }, (_, index) => `<p>Antwort ${1980 + index}</p>`),
    );
    const middle = await readThread(w, thread.id, 'page=50&pageSize=40');
    expect(middle.posts[0]?.content).toBe(`<p>Antwort ${49 * 40}</p>`);
    expect(middle.posts).toHaveLength(40);
  });

  it('should show the thread in its forum with 1,999 replies and the newest as last reply', async () => {
    const response = await w.t.app.inject({ url: FORUM_API.byId(thread.forumId), headers: w.as.mitglied });
    expect(response.statusCode).toBe(200);
    const [summary] = response.json<{ threads: { replyCount: number; lastReply: unknown }[] }>().threads;
    expect(summary).toMatchObject({
      replyCount: REPLIES,
      lastReply: {
        createdAt: new Date(Date.parse(thread.createdAt) + REPLIES * SECOND).toISOString(),
        author: { username: 'kollege' },
      },
    });
  });
});
