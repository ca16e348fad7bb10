import { FORUM_API, FORUM_POSTS_PAGE_SIZE, type TForum, type TForumThread } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildForumPost } from '../helpers/builders-forums-media.ts';
import { userId } from '../helpers/factories.ts';
import {
  createForum,
  createForumWorld,
  createThread,
  type ForumWorld,
  readThread,
  remove,
} from './forum-helpers.ts';

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
  // The replies, one a second after the first post, written as rows instead of a request each.
  const authorId = await userId(w, 'kollege');
  const start = Date.parse(thread.createdAt);
  for (let index = 0; index < REPLIES; index += 1) {
    await buildForumPost(w, {
      threadId: thread.id,
      authorId,
      content: `<p>Antwort ${index + 1}</p>`,
      at: new Date(start + (index + 1) * SECOND),
    });
  }
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

/**
 * Posts written at the same second and out of id order: the thread reads by time, the id breaking ties, on
 * every page, whether the page is read from the thread's start or from its end (issue 19: pages are seeks).
 */
describe('a thread whose posts share their times', () => {
  const SIZE = 7;
  let tied: TForumThread;
  /** the contents in the order the thread must show them */
  let order: string[];
  beforeAll(async () => {
    const forum = await createForum(w, 'Gleichzeitig');
    tied = await createThread(w, forum.id);
    const { db } = w.t.database;
    const start = Date.parse(tied.createdAt);
    // three posts a second, the later seconds written first
    for (let index = 0; index < REPLIES; index += 1) {
      await buildForumPost(w, {
        threadId: tied.id,
        authorId: null,
        content: `<p>Gleichzeitig ${index + 1}</p>`,
        at: new Date(start + (Math.floor((REPLIES - 1 - index) / 3) + 1) * SECOND),
      });
    }
    const rows = await db
      .selectFrom('forumPosts')
      .select(['content', 'createdAt', 'id'])
      .where('threadId', '=', tied.id)
      .execute();
    order = rows
      .map((row) => ({ ...row, at: new Date(row.createdAt).getTime() }))
      .sort((a, b) => a.at - b.at || a.id - b.id)
      .map((row) => row.content);
  });

  it('should answer every page, the last one too, in time and id order', async () => {
    const pages = Math.ceil(POSTS / SIZE);
    const seen: string[] = [];
    for (let number = 1; number <= pages; number += 1) {
      const page = await readThread(w, tied.id, `page=${number}&pageSize=${SIZE}`);
      expect(page).toMatchObject({ page: number, pageCount: pages, postCount: POSTS });
      seen.push(...page.posts.map((post) => post.content));
    }
    expect(seen).toEqual(order);
    const last = await readThread(w, tied.id, `page=last&pageSize=${SIZE}`);
    expect(last.page).toBe(pages);
    expect(last.posts.map((post) => post.content)).toEqual(order.slice((pages - 1) * SIZE));
    const beyond = await readThread(w, tied.id, `page=${pages + 1}&pageSize=${SIZE}`);
    expect(beyond.posts).toEqual([]);
  });

  it('should shift the pages after a reply in the first half is deleted', async () => {
    const first = await readThread(w, tied.id, `page=1&pageSize=${SIZE}`);
    const gone = first.posts[2];
    if (!gone) throw new Error('no third post');
    expect((await remove(w, FORUM_API.post(gone.id), w.as.admin)).statusCode).toBe(204);
    const rest = order.filter((content) => content !== gone.content);
    const pages = Math.ceil(rest.length / SIZE);
    const last = await readThread(w, tied.id, `page=last&pageSize=${SIZE}`);
    expect(last).toMatchObject({ page: pages, postCount: rest.length });
    expect(last.posts.map((post) => post.content)).toEqual(rest.slice((pages - 1) * SIZE));
    const second = await readThread(w, tied.id, `page=2&pageSize=${SIZE}`);
    expect(second.posts.map((post) => post.content)).toEqual(rest.slice(SIZE, 2 * SIZE));
  });
});
