import {
  CONVERSATION_MESSAGES,
  FORUM_API,
  FORUM_MESSAGES,
  MESSAGES,
  type TForum,
  type TForumPost,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildForum } from '../helpers/builders-forums-media.ts';
import {
  buildMemberThread,
  createForumWorld,
  createPost,
  createThread,
  type ForumWorld,
  forumRows,
  readThread,
  remove,
  savePost,
} from './forum-helpers.ts';

let w: ForumWorld;
let forumId: number;
beforeAll(async () => {
  w = await createForumWorld();
  forumId = (await buildForum(w, { name: 'Technik & Normen' })).id;
});
afterAll(() => w.t.close());

async function threadInForum(id: number) {
  const response = await w.t.app.inject({ url: FORUM_API.byId(forumId), headers: w.as.mitglied });
  return response.json<TForum>().threads.find((thread) => thread.id === id);
}

describe('POST /api/forumPost/', () => {
  it.each(['kollege', 'admin'] as const)(
    'should answer 200 for %s with the sanitised reply',
    async (user) => {
      const thread = await createThread(w, forumId);
      const response = await savePost(w, w.as[user], thread.id, {
        content: '<p>Randverbund <a href="javascript:alert(1)">prüfen</a></p><iframe src="x"></iframe>',
      });
      expect(response.statusCode).toBe(200);
      const post = response.json<TForumPost>();
      expect(post).toEqual({
        id: expect.any(Number),
        forumThreadId: thread.id,
        content: '<p>Randverbund <a>prüfen</a></p>',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        author: { username: user, id: expect.any(Number), name: user, photo: null },
        first: false,
        forumPostMedia: [],
        forumPostMediaImages: [],
        forumPostMediaFiles: [],
        // issue 37: never edited, not deleted, no reactions
        editedAt: null,
        versionCount: 1,
        deleted: false,
        reactions: [],
      });
      const read = await readThread(w, thread.id);
      expect(read.postCount).toBe(2);
      expect(read.posts[1]).toEqual(post);
      expect(await threadInForum(thread.id)).toMatchObject({
        replyCount: 1,
        lastReply: {
          createdAt: post.createdAt,
          author: { username: user, id: expect.any(Number), name: user, photo: null },
        },
        lastActivity: post.createdAt,
      });
    },
  );

  it('should accept the post in a JSON body too', async () => {
    const thread = await buildMemberThread(w, forumId);
    const response = await w.t.app.inject({
      method: 'POST',
      url: FORUM_API.savePost,
      headers: w.as.mitglied,
      payload: { forumPost: { content: '<p>Als JSON</p>' }, forumThreadId: thread.id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ content: '<p>Als JSON</p>', forumThreadId: thread.id });
  });

  it.each([
    [{}, 'Der Beitragsinhalt ist ein Pflichtfeld'],
    [{ content: '' }, 'Der Beitragsinhalt ist ein Pflichtfeld'],
    [{ content: '<p></p>' }, 'Der Beitragsinhalt ist ein Pflichtfeld'],
    [{ content: '<p><script>alert(1)</script></p>' }, 'Der Beitragsinhalt ist ein Pflichtfeld'],
  ])('should refuse the content %j with 400 and the German message of SPEC §5', async (body, message) => {
    const thread = await buildMemberThread(w, forumId);
    const before = await forumRows(w);
    const response = await savePost(w, w.as.kollege, thread.id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: message, errors: { 'forumPost.content': message } });
    expect(await forumRows(w)).toEqual(before);
  });

  it('should refuse a missing forumThreadId with 400 and an unknown thread with 404', async () => {
    const missing = await savePost(w, w.as.kollege, '', { content: '<p>Hallo</p>' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ forumThreadId: FORUM_MESSAGES.threadRequired });
    const unknown = await savePost(w, w.as.kollege, 999_999, { content: '<p>Hallo</p>' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: FORUM_MESSAGES.threadNotFound });
  });

  it('should refuse a partner with 403 and a request without token with 401, writing nothing', async () => {
    const thread = await buildMemberThread(w, forumId);
    const before = await forumRows(w);
    const refused = await savePost(w, w.as.partner, thread.id, { content: '<p>Hallo</p>' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: MESSAGES.forbidden });
    expect((await savePost(w, {}, thread.id, { content: '<p>Hallo</p>' })).statusCode).toBe(401);
    expect(await forumRows(w)).toEqual(before);
  });
});

describe('DELETE /api/forumPost/{id}', () => {
  it('should answer 204, delete the reply and count the thread again', async () => {
    const thread = await createThread(w, forumId);
    const kept = await createPost(w, thread.id, w.as.kollege);
    const deleted = await createPost(w, thread.id, w.as.admin);
    const response = await remove(w, FORUM_API.post(deleted.id), w.as.admin);
    expect(response.statusCode).toBe(204);
    const read = await readThread(w, thread.id);
    expect(read.postCount).toBe(2);
    expect(read.posts.map((post) => post.id)).toEqual([thread.posts[0]?.id, kept.id]);
    expect(await threadInForum(thread.id)).toMatchObject({
      replyCount: 1,
      lastReply: {
        createdAt: kept.createdAt,
        author: { username: 'kollege', id: expect.any(Number), name: 'kollege', photo: null },
      },
      lastActivity: kept.createdAt,
    });
    const again = await remove(w, FORUM_API.post(deleted.id), w.as.admin);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: FORUM_MESSAGES.postNotFound });
  });

  it('should refuse to delete the first post of a thread with 409, also for an admin', async () => {
    const thread = await createThread(w, forumId);
    await createPost(w, thread.id);
    const first = thread.posts[0];
    expect(first?.first).toBe(true);
    const response = await remove(w, FORUM_API.post(first?.id ?? 0), w.as.admin);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: 'Der erste Beitrag eines Themas kann nicht gelöscht werden.' });
    const read = await readThread(w, thread.id);
    expect(read.postCount).toBe(2);
    expect(read.posts[0]).toEqual(first);
  });

  // issue 37: a member deletes their own reply (post-delete-own.test.ts), nobody else's
  it.each([
    ['mitglied', CONVERSATION_MESSAGES.notYours],
    ['partner', MESSAGES.forbidden],
  ] as const)("should refuse %s with 403 and keep another member's post", async (user, detail) => {
    const thread = await buildMemberThread(w, forumId, 1);
    const post = { id: thread.postIds[1] ?? 0 };
    const response = await remove(w, FORUM_API.post(post.id), w.as[user]);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail });
    expect((await readThread(w, thread.id)).posts[1]).toMatchObject({ id: post.id, deleted: false });
  });

  it('should refuse a request without token with 401', async () => {
    const thread = await buildMemberThread(w, forumId, 1);
    const post = { id: thread.postIds[1] ?? 0 };
    expect((await remove(w, FORUM_API.post(post.id), {})).statusCode).toBe(401);
  });
});
