import { FORUM_API, MESSAGES, type TForumSummary, type TForumThread } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createForumPostsRepository,
  type NewPost,
} from '../../src/features/forums/forum-posts.repository.ts';
import { createForumsRepository } from '../../src/features/forums/forums.repository.ts';
import {
  createForum,
  createForumWorld,
  createPost,
  createThread,
  type ForumWorld,
  readThread,
  remove,
  saveForum,
} from '../forums/forum-helpers.ts';
import { createUser, userId } from '../helpers/factories.ts';
import { forumInList, readerRow, threadInForum, unreadThreads } from './forum-notify-helpers.ts';

let w: ForumWorld;
beforeAll(async () => {
  w = await createForumWorld();
});
afterAll(() => w.t.close());

/** `count` replies by `username` written straight into the thread, a millisecond apart after its newest post. */
async function addReplies(thread: TForumThread, count: number, username = 'kollege'): Promise<void> {
  const { db } = w.t.database;
  const authorId = await userId(w, username);
  const newest = await db
    .selectFrom('forumPosts')
    .select((eb) => eb.fn.max('createdAt').as('at'))
    .where('threadId', '=', thread.id)
    .executeTakeFirstOrThrow();
  const start = new Date(newest.at ?? thread.createdAt).getTime();
  const replies: NewPost[] = Array.from({ length: count }, (_, index) => ({
    threadId: thread.id,
    authorId,
    content: `<p>Antwort ${index + 1}</p>`,
    isFirst: false,
    createdAt: new Date(start + index + 1),
  }));
  await db.transaction().execute(async (trx) => {
    await createForumPostsRepository(db).insertPosts(trx, replies);
    await createForumsRepository(db).recountThread(trx, thread.id);
  });
}

describe('unread posts of a thread', () => {
  it('should count the replies of others in the thread list, the forum list and the dashboard count', async () => {
    const forum = await createForum(w, 'Ungelesen');
    const thread = await createThread(w, forum.id);
    const before = await unreadThreads(w, w.as.mitglied);
    for (let reply = 0; reply < 3; reply += 1) await createPost(w, thread.id, w.as.kollege);

    expect(await threadInForum(w, forum.id, thread.id, w.as.mitglied)).toMatchObject({ unread: 3 });
    expect(await forumInList(w, forum.id, w.as.mitglied)).toMatchObject({ unreadThreads: 1 });
    expect(await unreadThreads(w, w.as.mitglied)).toBe(before + 1);
    // the replier wrote the newest post: read up to there, the first post included
    expect(await threadInForum(w, forum.id, thread.id, w.as.kollege)).toMatchObject({ unread: 0 });
    expect(await forumInList(w, forum.id, w.as.kollege)).toMatchObject({ unreadThreads: 0 });
    // never opened: every post counts
    expect(await threadInForum(w, forum.id, thread.id, w.as.admin)).toMatchObject({ unread: 4 });
  });

  it('should answer the unread posts when the thread is opened, then mark it read', async () => {
    const forum = await createForum(w, 'Öffnen');
    const thread = await createThread(w, forum.id);
    await createPost(w, thread.id, w.as.kollege);
    await createPost(w, thread.id, w.as.kollege);
    await createPost(w, thread.id, w.as.mitglied);
    const later = await createPost(w, thread.id, w.as.kollege);
    const before = await unreadThreads(w, w.as.mitglied);

    const opened = await readThread(w, thread.id);
    expect(opened).toMatchObject({ unread: 1, firstUnreadPostId: later.id, following: true });
    expect(await readerRow(w, thread.id, 'mitglied')).toMatchObject({ readPostId: later.id, mailedAt: null });
    expect(await threadInForum(w, forum.id, thread.id, w.as.mitglied)).toMatchObject({ unread: 0 });
    expect(await forumInList(w, forum.id, w.as.mitglied)).toMatchObject({ unreadThreads: 0 });
    expect(await unreadThreads(w, w.as.mitglied)).toBe(before - 1);
    expect(await readThread(w, thread.id)).toMatchObject({ unread: 0, firstUnreadPostId: null });
  });

  it('should count from the first post for a member who never opened the thread', async () => {
    const forum = await createForum(w, 'Nie geöffnet');
    const thread = await createThread(w, forum.id);
    const reply = await createPost(w, thread.id, w.as.kollege);
    const opened = await readThread(w, thread.id, '', w.as.admin);
    expect(opened).toMatchObject({ unread: 2, firstUnreadPostId: thread.posts[0]?.id, following: false });
    expect(await readerRow(w, thread.id, 'admin')).toMatchObject({ readPostId: reply.id });
  });

  it("should count a new member's first month before joining, not what is older", async () => {
    const forum = await createForum(w, 'Vor dem Beitritt');
    const old = await createThread(w, forum.id);
    await createPost(w, old.id, w.as.kollege);
    const recent = await createThread(w, forum.id);
    const recentReply = await createPost(w, recent.id, w.as.kollege);
    const db = w.t.database.db;
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
    await db
      .updateTable('forumPosts')
      .set({ createdAt: daysAgo(40) })
      .where('threadId', '=', old.id)
      .execute();
    await db
      .updateTable('forumThreads')
      .set({ lastPostAt: daysAgo(40) })
      .where('id', '=', old.id)
      .execute();
    await db
      .updateTable('forumPosts')
      .set({ createdAt: daysAgo(3) })
      .where('threadId', '=', recent.id)
      .execute();
    await db
      .updateTable('forumThreads')
      .set({ lastPostAt: daysAgo(3) })
      .where('id', '=', recent.id)
      .execute();

    await createUser(w.t.app, { username: 'neuling' });
    const neuling = await w.login('neuling');
    expect(await threadInForum(w, forum.id, old.id, neuling)).toMatchObject({ unread: 0 });
    expect(await threadInForum(w, forum.id, recent.id, neuling)).toMatchObject({ unread: 2 });
    // the other tests' threads of this month are new to neuling too
    const atFirst = await unreadThreads(w, neuling);
    expect(atFirst).toBeGreaterThanOrEqual(1);
    const reply = await createPost(w, old.id, w.as.kollege);
    expect(await threadInForum(w, forum.id, old.id, neuling)).toMatchObject({ unread: 1 });
    expect(await unreadThreads(w, neuling)).toBe(atFirst + 1);
    expect(await readThread(w, old.id, '', neuling)).toMatchObject({
      unread: 1,
      firstUnreadPostId: reply.id,
    });
    expect(await readThread(w, recent.id, '', neuling)).toMatchObject({
      unread: 2,
      firstUnreadPostId: recent.posts[0]?.id,
    });
    expect(recentReply.id).toBeGreaterThan(recent.posts[0]?.id ?? 0);
    expect(await unreadThreads(w, neuling)).toBe(atFirst - 1);
  });

  it('should answer the admin the unread threads of a saved forum', async () => {
    const forum = await createForum(w, 'Gespeichert');
    const thread = await createThread(w, forum.id);
    await createPost(w, thread.id, w.as.kollege);
    const response = await saveForum(w, w.as.admin, {
      id: forum.id,
      name: 'Gespeichert und umbenannt',
      description: '<p>Neu</p>',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<TForumSummary>()).toMatchObject({ unreadThreads: 1, threadCount: 1 });
    const created = await saveForum(w, w.as.admin, { name: 'Ganz neu', description: '<p>Leer</p>' });
    expect(created.json<TForumSummary>()).toMatchObject({ unreadThreads: 0, threadCount: 0 });
  });
});

describe('GET /api/forumThread/{id}?page=unread', () => {
  let thread: TForumThread;
  beforeAll(async () => {
    const forum = await createForum(w, 'Langes Thema');
    thread = await createThread(w, forum.id);
    await addReplies(thread, 24);
    // mitglied has read posts 1 to 25
    await readThread(w, thread.id);
    await addReplies(thread, 20);
  });

  it('should answer the page of the first unread post of a 45-post thread, 20 a page', async () => {
    const page = await readThread(w, thread.id, 'page=unread');
    expect(page).toMatchObject({ postCount: 45, page: 2, pageSize: 20, pageCount: 3, unread: 20 });
    // post 26 is the 6th post of page 2
    expect(page.posts[5]?.id).toBe(page.firstUnreadPostId);
    expect(page.posts[5]?.content).toBe('<p>Antwort 1</p>');
    expect(page.posts[4]?.content).toBe('<p>Antwort 24</p>');
    // read now: the last page
    expect(await readThread(w, thread.id, 'page=unread')).toMatchObject({
      page: 3,
      unread: 0,
      firstUnreadPostId: null,
    });
  });

  it('should use the page size asked for', async () => {
    await addReplies(thread, 1);
    const page = await readThread(w, thread.id, 'page=unread&pageSize=10');
    expect(page).toMatchObject({ postCount: 46, page: 5, pageSize: 10, pageCount: 5, unread: 1 });
    expect(page.posts.at(-1)?.id).toBe(page.firstUnreadPostId);
  });

  it('should answer the page that holds `post`, the link of a reply mail', async () => {
    const target = (await readThread(w, thread.id, 'page=2')).posts[3];
    const page = await readThread(w, thread.id, `post=${target?.id}&page=1`);
    expect(page.page).toBe(2);
    expect(page.posts.map((post) => post.id)).toContain(target?.id);
    // a post of another thread: the page asked for
    const other = await createThread(w, thread.forumId);
    expect(await readThread(w, thread.id, `post=${other.posts[0]?.id}&page=1`)).toMatchObject({ page: 1 });
  });

  it('should answer page 1 for a member who never opened the thread', async () => {
    const page = await readThread(w, thread.id, 'page=unread', w.as.admin);
    expect(page).toMatchObject({ page: 1, unread: 46, firstUnreadPostId: thread.posts[0]?.id });
  });

  it('should answer the last page to the author of every post but the first', async () => {
    // kollege wrote posts 2 to 46 (straight into the table, so never read): the first post is unread
    const page = await readThread(w, thread.id, 'page=unread', w.as.kollege);
    expect(page).toMatchObject({ page: 1, unread: 1, firstUnreadPostId: thread.posts[0]?.id });
    expect(await readThread(w, thread.id, 'page=unread', w.as.kollege)).toMatchObject({ page: 3, unread: 0 });
  });

  it('should refuse another word as page with 400', async () => {
    const response = await w.t.app.inject({
      url: `${FORUM_API.thread(thread.id)}?page=ungelesen`,
      headers: w.as.mitglied,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(MESSAGES.badRequest);
  });
});

describe('GET /api/forum/unread', () => {
  it('should refuse a partner with 403 and a request without token with 401', async () => {
    const partner = await w.t.app.inject({ url: FORUM_API.unread, headers: w.as.partner });
    expect(partner.statusCode).toBe(403);
    expect(partner.json()).toEqual({ detail: MESSAGES.forbidden });
    const anonymous = await w.t.app.inject({ url: FORUM_API.unread });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: MESSAGES.unauthorized });
  });
});

describe('deleting what was read', () => {
  it('should remove the read markers with the thread and with the forum', async () => {
    const forum = await createForum(w, 'Vergänglich');
    const gone = await createThread(w, forum.id);
    const kept = await createThread(w, forum.id);
    await createPost(w, gone.id, w.as.kollege);
    await createPost(w, kept.id, w.as.kollege);
    const before = await unreadThreads(w, w.as.mitglied);
    expect(await readerRow(w, gone.id, 'kollege')).toBeDefined();

    expect((await remove(w, FORUM_API.thread(gone.id), w.as.admin)).statusCode).toBe(204);
    expect(await readerRow(w, gone.id, 'kollege')).toBeUndefined();
    expect(await readerRow(w, gone.id, 'mitglied')).toBeUndefined();
    expect(await unreadThreads(w, w.as.mitglied)).toBe(before - 1);

    expect((await remove(w, FORUM_API.byId(forum.id), w.as.admin)).statusCode).toBe(204);
    expect(await readerRow(w, kept.id, 'kollege')).toBeUndefined();
    expect(await unreadThreads(w, w.as.mitglied)).toBe(before - 2);
  });
});
