import { FORUM_API, FORUM_MESSAGES, MESSAGES, type TForumThread } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../helpers/builders.ts';
import { buildForum, buildThread } from '../helpers/builders-forums-media.ts';
import { userId } from '../helpers/factories.ts';
import {
  buildMemberThread,
  createForumWorld,
  createPost,
  createThread,
  type ForumWorld,
  forumRows,
  readThread,
  remove,
  saveThread,
} from './forum-helpers.ts';

let w: ForumWorld;
let forumId: number;
beforeAll(async () => {
  w = await createForumWorld();
  forumId = (await buildForum(w, { name: 'Technik & Normen' })).id;
});
afterAll(() => w.t.close());

const thread = { name: 'Isolierglas beschlägt innen', content: '<p>Woran liegt das?</p>' };

describe('POST /api/forumThread/', () => {
  it.each(['mitglied', 'admin'] as const)(
    'should answer 200 for %s with the new thread and its sanitised first post',
    async (user) => {
      const response = await saveThread(w, w.as[user], forumId, {
        name: '  Isolierglas beschlägt innen ',
        content: '<p onmouseover="x()">Woran <em>liegt</em> das?</p><img src="javascript:alert(1)">',
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<TForumThread>();
      expect(body).toMatchObject({
        name: 'Isolierglas beschlägt innen',
        forumId,
        forumName: 'Technik & Normen',
        author: { username: user, id: expect.any(Number), name: user, photo: null },
        postCount: 1,
        page: 1,
        pageSize: 20,
        pageCount: 1,
        // the author follows the thread and has read it
        following: true,
        unread: 0,
        firstUnreadPostId: null,
      });
      expect(body.posts).toEqual([
        {
          id: expect.any(Number),
          forumThreadId: body.id,
          content: '<p>Woran <em>liegt</em> das?</p><img />',
          createdAt: body.createdAt,
          author: { username: user, id: expect.any(Number), name: user, photo: null },
          first: true,
          forumPostMedia: [],
          forumPostMediaImages: [],
          forumPostMediaFiles: [],
          // issue 37: never edited, not deleted, no reactions
          editedAt: null,
          versionCount: 1,
          deleted: false,
          reactions: [],
        },
      ]);
      expect(await readThread(w, body.id, '', w.as[user])).toEqual(body);
    },
  );

  it.each([
    ['forumThread.name', { content: thread.content }, FORUM_MESSAGES.nameRequired],
    ['forumThread.name', { ...thread, name: ' ' }, FORUM_MESSAGES.nameRequired],
    ['forumThread.content', { name: thread.name }, FORUM_MESSAGES.contentRequired],
    ['forumThread.content', { ...thread, content: '<p></p>' }, FORUM_MESSAGES.contentRequired],
    ['forumThread.content', { ...thread, content: '<p> <br></p>' }, FORUM_MESSAGES.contentRequired],
  ])(
    'should refuse a missing %s with 400 and its German message, writing nothing',
    async (field, body, message) => {
      const before = await forumRows(w);
      const response = await saveThread(w, w.as.mitglied, forumId, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: message, errors: { [field]: message } });
      expect(await forumRows(w)).toEqual(before);
    },
  );

  it('should word the missing content exactly as SPEC §5, without a final dot', () => {
    expect(FORUM_MESSAGES.contentRequired).toBe('Der Beitragsinhalt ist ein Pflichtfeld');
  });

  it('should refuse a missing or invalid forumId with 400 and an unknown forum with 404', async () => {
    const missing = await saveThread(w, w.as.mitglied, '', thread);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ forumId: FORUM_MESSAGES.forumRequired });
    expect((await saveThread(w, w.as.mitglied, 'abc', thread)).statusCode).toBe(400);
    const unknown = await saveThread(w, w.as.mitglied, 999_999, thread);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: FORUM_MESSAGES.forumNotFound });
  });

  it('should refuse a forumThread field that is no JSON with 400', async () => {
    expect((await saveThread(w, w.as.mitglied, forumId, '{"name":')).statusCode).toBe(400);
  });

  it('should refuse a partner with 403 and a request without token with 401, writing nothing', async () => {
    const before = await forumRows(w);
    const refused = await saveThread(w, w.as.partner, forumId, thread);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: MESSAGES.forbidden });
    expect((await saveThread(w, {}, forumId, thread)).statusCode).toBe(401);
    expect(await forumRows(w)).toEqual(before);
  });
});

describe('GET /api/forumThread/{id}', () => {
  it('should answer 200 with one page of posts, oldest first, the last page on page=last', async () => {
    const created = await createThread(w, forumId);
    const replies = [];
    for (let i = 1; i <= 4; i += 1) {
      replies.push(await createPost(w, created.id, w.as.kollege, [], `<p>Antwort ${i}</p>`));
    }
    const first = await readThread(w, created.id, 'pageSize=2');
    expect(first).toMatchObject({ postCount: 5, page: 1, pageSize: 2, pageCount: 3 });
    expect(first.posts.map((post) => post.first)).toEqual([true, false]);
    expect(first.posts[1]).toEqual(replies[0]);

    const second = await readThread(w, created.id, 'page=2&pageSize=2');
    expect(second.posts.map((post) => post.content)).toEqual(['<p>Antwort 2</p>', '<p>Antwort 3</p>']);
    const last = await readThread(w, created.id, 'page=last&pageSize=2');
    expect(last).toMatchObject({ page: 3, pageCount: 3 });
    expect(last.posts).toEqual([replies[3]]);
    const after = await readThread(w, created.id, 'page=4&pageSize=2');
    expect(after).toMatchObject({ page: 4, postCount: 5, posts: [] });
  });

  it('should answer 400 for an invalid page and 404 for an unknown thread', async () => {
    const created = await buildMemberThread(w, forumId);
    for (const query of ['page=0', 'page=first', 'pageSize=0', 'pageSize=101']) {
      const response = await w.t.app.inject({
        url: `${FORUM_API.thread(created.id)}?${query}`,
        headers: w.as.mitglied,
      });
      expect(response.statusCode).toBe(400);
    }
    const missing = await w.t.app.inject({ url: FORUM_API.thread(999_999), headers: w.as.mitglied });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: FORUM_MESSAGES.threadNotFound });
  });

  it('should show a post of a deleted user without author', async () => {
    const gone = await buildUser(w, { username: 'ehemalig' });
    const created = await buildThread(w, {
      forumId,
      posts: [{ authorId: await userId(w, 'mitglied') }, { authorId: gone.id }],
    });
    const post = { id: created.postIds[1] };
    await w.t.database.db.deleteFrom('users').where('id', '=', gone.id).execute();
    const read = await readThread(w, created.id);
    expect(read.posts.find((entry) => entry.id === post.id)?.author).toBeNull();
  });

  it('should refuse a partner with 403 and a request without token with 401', async () => {
    const created = await buildMemberThread(w, forumId);
    expect(
      (await w.t.app.inject({ url: FORUM_API.thread(created.id), headers: w.as.partner })).statusCode,
    ).toBe(403);
    expect((await w.t.app.inject({ url: FORUM_API.thread(created.id) })).statusCode).toBe(401);
  });
});

describe('DELETE /api/forumThread/{id}', () => {
  it('should answer 204 and delete the thread with all its posts, first post included', async () => {
    const created = await buildMemberThread(w, forumId, 1);
    const before = await forumRows(w);
    const response = await remove(w, FORUM_API.thread(created.id), w.as.admin);
    expect(response.statusCode).toBe(204);
    expect(await forumRows(w)).toEqual({ ...before, threads: before.threads - 1, posts: before.posts - 2 });
    const again = await remove(w, FORUM_API.thread(created.id), w.as.admin);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: FORUM_MESSAGES.threadNotFound });
  });

  it.each(['mitglied', 'partner'] as const)('should refuse %s with 403 and keep the thread', async (user) => {
    const created = await buildMemberThread(w, forumId);
    const response = await remove(w, FORUM_API.thread(created.id), w.as[user]);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: MESSAGES.forbidden });
    expect((await readThread(w, created.id)).postCount).toBe(1);
  });

  it('should refuse a request without token with 401', async () => {
    const created = await buildMemberThread(w, forumId);
    expect((await remove(w, FORUM_API.thread(created.id), {})).statusCode).toBe(401);
  });
});
