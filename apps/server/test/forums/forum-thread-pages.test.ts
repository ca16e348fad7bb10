import { FORUM_API, FORUM_POSTS_PAGE_SIZE, type TForum, type TForumThread } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createForumPostsRepository,
  type NewPost,
} from '../../src/features/forums/forum-posts.repository.ts';
import { createForumsRepository } from '../../src/features/forums/forums.repository.ts';
import { createForum, createForumWorld, createThread, type ForumWorld, readThread } from './forum-helpers.ts';

/** Three pages of 20 (the last one short); the same checks on 2,000 posts, timed, are in bench/long-thread.ts. */
const REPLIES = 44;
const POSTS = REPLIES + 1;
const SECOND = 1000;

let w: ForumWorld;
let thread: TForumThread;
beforeAll(async () => {
  w = await createForumWorld();
  const forum = await createForum(w, 'Langes Thema');
  thread = await createThread(w, forum.id);
  // The replies, one a second after the first post, written in one batch instead of a request each.
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

const answers = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => `<p>Antwort ${from + index}</p>`);

describe(`a thread with ${POSTS} posts`, () => {
  it('should answer the first page with the first 20 posts and the total', async () => {
    const page = await readThread(w, thread.id);
    expect(page).toMatchObject({ postCount: POSTS, page: 1, pageSize: FORUM_POSTS_PAGE_SIZE, pageCount: 3 });
    expect(page.posts).toHaveLength(20);
    expect(page.posts[0]).toEqual(thread.posts[0]);
    expect(page.posts.slice(1).map((post) => post.content)).toEqual(answers(1, 19));
    expect(page.posts.slice(1).every((post) => post.author?.username === 'kollege' && !post.first)).toBe(
      true,
    );
  });

  it('should answer the last page and a page in the middle', async () => {
    const last = await readThread(w, thread.id, 'page=last');
    expect(last).toMatchObject({ page: 3, pageCount: 3, postCount: POSTS });
    expect(last.posts.map((post) => post.content)).toEqual(answers(40, 5));
    const middle = await readThread(w, thread.id, 'page=2&pageSize=10');
    expect(middle).toMatchObject({ page: 2, pageSize: 10, pageCount: 5 });
    expect(middle.posts.map((post) => post.content)).toEqual(answers(10, 10));
  });

  it('should show the thread in its forum with its replies and the newest as last reply', async () => {
    const forum = await w.json<TForum>(FORUM_API.byId(thread.forumId), w.as.mitglied);
    expect(forum.threads[0]).toMatchObject({
      replyCount: REPLIES,
      lastReply: {
        createdAt: new Date(Date.parse(thread.createdAt) + REPLIES * SECOND).toISOString(),
        author: { username: 'kollege' },
      },
    });
  });
});
