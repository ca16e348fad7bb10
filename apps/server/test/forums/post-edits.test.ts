import {
  CONVERSATION_API,
  CONVERSATION_MESSAGES,
  FORUM_MESSAGES,
  MESSAGES,
  type TForumPost,
  type TForumThread,
  THREAD_NAME_MAX_LENGTH,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userId } from '../helpers/factories.ts';
import { edited, editPost, editPostJson, renameThread, versionRows } from './edit-helpers.ts';
import {
  createForum,
  createForumWorld,
  createPost,
  createThread,
  type ForumWorld,
  readThread,
} from './forum-helpers.ts';

let w: ForumWorld;
let forumId: number;
let mitglied: number;
let admin: number;
beforeAll(async () => {
  w = await createForumWorld();
  forumId = (await createForum(w)).id;
  mitglied = await userId(w, 'mitglied');
  admin = await userId(w, 'admin');
});
afterAll(() => w.t.close());

/** A thread by mitglied with a reply by kollege. */
async function conversation(): Promise<{ thread: TForumThread; first: TForumPost; reply: TForumPost }> {
  const thread = await createThread(w, forumId);
  const reply = await createPost(w, thread.id);
  return { thread, first: thread.posts[0] as TForumPost, reply };
}

describe('PUT /api/forumPost/{id}', () => {
  it('should let the author change their reply and keep the original as version 1', async () => {
    const { thread, reply } = await conversation();
    const response = await editPost(w, w.as.kollege, reply.id, {
      content: '<p>Vermutlich ein undichter Randverbund.</p><script>alert(1)</script>',
    });
    expect(response.statusCode).toBe(200);
    const post = response.json<TForumPost>();
    expect(post).toMatchObject({
      id: reply.id,
      content: '<p>Vermutlich ein undichter Randverbund.</p>',
      createdAt: reply.createdAt,
      author: reply.author,
      versionCount: 2,
      deleted: false,
    });
    expect(Date.parse(post.editedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(reply.createdAt));
    const kollege = await userId(w, 'kollege');
    expect(await versionRows(w, reply.id)).toEqual([
      { number: 1, content: reply.content, name: null, editorId: kollege },
      { number: 2, content: post.content, name: null, editorId: kollege },
    ]);
    const page = await readThread(w, thread.id);
    expect(page.posts.find((p) => p.id === reply.id)).toEqual(post);
    expect(page.posts.find((p) => p.id !== reply.id)).toMatchObject({ editedAt: null, versionCount: 1 });
  });

  it('should take a JSON body as well', async () => {
    const { reply } = await conversation();
    const response = await editPostJson(w, w.as.kollege, reply.id, { content: '<p>Per JSON</p>' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ content: '<p>Per JSON</p>', versionCount: 2 });
  });

  it('should let an admin change any post', async () => {
    const { reply } = await conversation();
    const post = await edited(w, w.as.admin, reply.id, { content: '<p>Vom Admin gekürzt.</p>' });
    expect(post).toMatchObject({ content: '<p>Vom Admin gekürzt.</p>', author: reply.author });
    expect((await versionRows(w, reply.id)).map((row) => row.editorId)).toEqual([
      await userId(w, 'kollege'),
      admin,
    ]);
  });

  it("should refuse another member's post with 403 and change nothing", async () => {
    const { first, reply } = await conversation();
    for (const [headers, id] of [
      [w.as.mitglied, reply.id],
      [w.as.kollege, first.id],
    ] as const) {
      const response = await editPost(w, headers, id, { content: '<p>Fremd</p>' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: CONVERSATION_MESSAGES.notYours });
      expect(await versionRows(w, id)).toEqual([]);
    }
    expect((await readThread(w, reply.forumThreadId)).posts.map((p) => p.content)).toEqual([
      first.content,
      reply.content,
    ]);
  });

  it('should refuse a partner with 403, a request without token with 401 and an unknown post with 404', async () => {
    const { reply } = await conversation();
    const partner = await editPost(w, w.as.partner, reply.id, { content: '<p>x</p>' });
    expect(partner.statusCode).toBe(403);
    expect(partner.json()).toEqual({ detail: MESSAGES.forbidden });
    const anonymous = await w.t.app.inject({
      method: 'PUT',
      url: CONVERSATION_API.post(reply.id),
      payload: { content: '<p>x</p>' },
    });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await editPost(w, w.as.admin, 999_999, { content: '<p>x</p>' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: FORUM_MESSAGES.postNotFound });
    expect(await versionRows(w, reply.id)).toEqual([]);
  });

  it.each([
    ['an empty text', { content: '' }, 'forumPost.content', FORUM_MESSAGES.contentRequired],
    ['an empty editor', { content: '<p> </p>' }, 'forumPost.content', FORUM_MESSAGES.contentRequired],
    ['only script', { content: '<script>x</script>' }, 'forumPost.content', FORUM_MESSAGES.contentRequired],
  ])('should refuse %s with 400 in German and change nothing', async (_case, body, field, message) => {
    const { reply } = await conversation();
    const response = await editPost(w, w.as.kollege, reply.id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: message, errors: { [field]: message } });
    expect(await versionRows(w, reply.id)).toEqual([]);
  });

  it('should name the JSON field of an empty text, and refuse a body without text', async () => {
    const { reply } = await conversation();
    const empty = await editPostJson(w, w.as.kollege, reply.id, { content: '<p></p>' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      detail: FORUM_MESSAGES.contentRequired,
      errors: { content: FORUM_MESSAGES.contentRequired },
    });
    const missing = await editPostJson(w, w.as.kollege, reply.id, { name: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ detail: FORUM_MESSAGES.contentRequired });
    const broken = await editPost(w, w.as.kollege, reply.id, '{"content":');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({
      errors: { forumPost: 'Die Formulardaten sind kein gültiges JSON.' },
    });
    expect(await versionRows(w, reply.id)).toEqual([]);
  });

  it('should refuse a title with a reply, and a blank or too long title', async () => {
    const { first, reply } = await conversation();
    const onReply = await editPost(w, w.as.kollege, reply.id, { content: '<p>x</p>', name: 'Neu' });
    expect(onReply.statusCode).toBe(400);
    expect(onReply.json()).toEqual({
      detail: CONVERSATION_MESSAGES.nameOnlyFirst,
      errors: { 'forumPost.name': CONVERSATION_MESSAGES.nameOnlyFirst },
    });
    for (const [name, message] of [
      ['  ', CONVERSATION_MESSAGES.nameRequired],
      ['x'.repeat(THREAD_NAME_MAX_LENGTH + 1), CONVERSATION_MESSAGES.nameTooLong],
    ]) {
      const response = await editPost(w, w.as.mitglied, first.id, { content: first.content, name });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ detail: message, errors: { 'forumPost.name': message } });
    }
    expect(await versionRows(w, first.id)).toEqual([]);
    expect(await versionRows(w, reply.id)).toEqual([]);
  });

  it('should store nothing and mark nothing for an edit that changes nothing', async () => {
    const { first, reply } = await conversation();
    const same = await edited(w, w.as.kollege, reply.id, { content: reply.content });
    expect(same).toMatchObject({ editedAt: null, versionCount: 1, content: reply.content });
    // sanitised to what is stored already
    await edited(w, w.as.kollege, reply.id, { content: `${reply.content}<script>x</script>` });
    const title = await edited(w, w.as.mitglied, first.id, {
      content: first.content,
      name: ' Isolierglas beschlägt innen ',
    });
    expect(title).toMatchObject({ editedAt: null, versionCount: 1 });
    expect(await versionRows(w, reply.id)).toEqual([]);
    expect(await versionRows(w, first.id)).toEqual([]);
  });

  it("should rename the thread with its first post's title, kept in its versions", async () => {
    const { thread, first } = await conversation();
    const post = await edited(w, w.as.mitglied, first.id, {
      content: '<p>Woran liegt das? Nachtrag: Südseite.</p>',
      name: 'Isolierglas beschlägt innen (Südseite)',
    });
    expect(post.versionCount).toBe(2);
    expect((await readThread(w, thread.id)).name).toBe('Isolierglas beschlägt innen (Südseite)');
    expect(await versionRows(w, first.id)).toEqual([
      { number: 1, content: first.content, name: 'Isolierglas beschlägt innen', editorId: mitglied },
      {
        number: 2,
        content: '<p>Woran liegt das? Nachtrag: Südseite.</p>',
        name: 'Isolierglas beschlägt innen (Südseite)',
        editorId: mitglied,
      },
    ]);
    // the title alone is an edit too
    await edited(w, w.as.mitglied, first.id, { content: post.content, name: 'Beschlag innen' });
    expect((await versionRows(w, first.id)).map((row) => [row.number, row.name])).toEqual([
      [1, 'Isolierglas beschlägt innen'],
      [2, 'Isolierglas beschlägt innen (Südseite)'],
      [3, 'Beschlag innen'],
    ]);
  });
});

describe('PUT /api/forumThread/{id}', () => {
  it("should let the thread's author rename it, as a version of its first post", async () => {
    const { thread, first } = await conversation();
    const response = await renameThread(w, w.as.mitglied, thread.id, { name: '  Kondensat innen ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: thread.id, name: 'Kondensat innen' });
    const page = await readThread(w, thread.id);
    expect(page.name).toBe('Kondensat innen');
    expect(page.posts[0]).toMatchObject({ content: first.content, versionCount: 2 });
    expect((await versionRows(w, first.id)).map((row) => [row.name, row.editorId])).toEqual([
      ['Isolierglas beschlägt innen', mitglied],
      ['Kondensat innen', mitglied],
    ]);
  });

  it('should let an admin rename any thread', async () => {
    const { thread } = await conversation();
    const response = await renameThread(w, w.as.admin, thread.id, { name: 'Vom Admin' });
    expect(response.statusCode).toBe(200);
    expect((await readThread(w, thread.id)).name).toBe('Vom Admin');
  });

  it("should refuse another member's thread with 403, and bad names, a partner and unknown threads", async () => {
    const { thread, first } = await conversation();
    const other = await renameThread(w, w.as.kollege, thread.id, { name: 'Fremd' });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ detail: CONVERSATION_MESSAGES.threadNotYours });
    const partner = await renameThread(w, w.as.partner, thread.id, { name: 'Fremd' });
    expect(partner.statusCode).toBe(403);
    for (const [body, message] of [
      [{}, CONVERSATION_MESSAGES.nameRequired],
      [{ name: ' ' }, CONVERSATION_MESSAGES.nameRequired],
      [{ name: 'x'.repeat(THREAD_NAME_MAX_LENGTH + 1) }, CONVERSATION_MESSAGES.nameTooLong],
    ] as const) {
      const response = await renameThread(w, w.as.mitglied, thread.id, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: message, errors: { name: message } });
    }
    const unknown = await renameThread(w, w.as.admin, 999_999, { name: 'X' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: FORUM_MESSAGES.threadNotFound });
    const anonymous = await w.t.app.inject({
      method: 'PUT',
      url: CONVERSATION_API.thread(thread.id),
      payload: { name: 'X' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await readThread(w, thread.id)).name).toBe(thread.name);
    expect(await versionRows(w, first.id)).toEqual([]);
  });
});

describe('OpenAPI of the edits', () => {
  it('should describe the edit (multipart and JSON), the versions and the title', async () => {
    const response = await w.t.app.inject({ url: '/api/docs/json' });
    type Operation = { description?: string; requestBody?: { content: Record<string, unknown> } };
    const { paths } = response.json<{ paths: Record<string, Record<string, Operation>> }>();
    const edit = paths['/api/forumPost/{id}']?.put;
    expect(Object.keys(edit?.requestBody?.content ?? {}).sort()).toEqual([
      'application/json',
      'multipart/form-data',
    ]);
    expect(edit?.description).toContain('removeMedia');
    expect(edit?.description).toContain('forumPostMedia[0]');
    expect(paths['/api/forumPost/{id}/versions']?.get?.description).toContain('oldest first');
    expect(paths['/api/forumThread/{id}']?.put?.description).toContain('`{ name }`');
    expect(paths['/api/forumPost/{id}']?.delete?.description).toContain('Beitrag gelöscht');
  });
});
