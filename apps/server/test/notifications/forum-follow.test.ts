import { FORUM_MESSAGES, MESSAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createForum,
  createForumWorld,
  createPost,
  createThread,
  type ForumWorld,
  readThread,
} from '../forums/forum-helpers.ts';
import { rowCounts } from '../helpers/world.ts';
import { follow, readerRow } from './forum-notify-helpers.ts';

const FOLLOW_REQUIRED = 'Bitte geben Sie an, ob Sie dem Thema folgen möchten.';

let w: ForumWorld;
let forumId: number;
beforeAll(async () => {
  w = await createForumWorld();
  forumId = (await createForum(w)).id;
});
afterAll(() => w.t.close());

const readerCount = async () => (await rowCounts(w.t, ['forumThreadReaders'])).forumThreadReaders;

describe('following a thread by writing in it', () => {
  it('should make the member who starts a thread follow it, and nobody else', async () => {
    const thread = await createThread(w, forumId);
    expect(thread.following).toBe(true);
    expect((await readThread(w, thread.id)).following).toBe(true);
    expect((await readThread(w, thread.id, '', w.as.kollege)).following).toBe(false);
    expect((await readThread(w, thread.id, '', w.as.admin)).following).toBe(false);
  });

  it('should make a member who replies follow the thread', async () => {
    const thread = await createThread(w, forumId);
    await createPost(w, thread.id, w.as.kollege);
    expect((await readThread(w, thread.id, '', w.as.kollege)).following).toBe(true);
    expect(Boolean((await readerRow(w, thread.id, 'kollege'))?.followChosen)).toBe(false);
  });

  it('should not follow again by replying once the member chose to unfollow', async () => {
    const thread = await createThread(w, forumId);
    const response = await follow(w, w.as.mitglied, thread.id, { following: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ following: false });
    await createPost(w, thread.id, w.as.mitglied);
    await createPost(w, thread.id, w.as.kollege);
    expect((await readThread(w, thread.id)).following).toBe(false);
    expect(Boolean((await readerRow(w, thread.id, 'mitglied'))?.followChosen)).toBe(true);
  });
});

describe('PUT /api/forumThread/{id}/follow', () => {
  it('should follow a thread the member never wrote in, and unfollow it again', async () => {
    const thread = await createThread(w, forumId);
    const on = await follow(w, w.as.admin, thread.id, { following: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ following: true });
    expect((await readThread(w, thread.id, '', w.as.admin)).following).toBe(true);

    const off = await follow(w, w.as.admin, thread.id, { following: false });
    expect(off.json()).toEqual({ following: false });
    expect((await readThread(w, thread.id, '', w.as.admin)).following).toBe(false);
    // following again is the member's choice too: a reply of theirs keeps it
    expect((await follow(w, w.as.admin, thread.id, { following: true })).json()).toEqual({ following: true });
    await createPost(w, thread.id, w.as.admin);
    expect((await readThread(w, thread.id, '', w.as.admin)).following).toBe(true);
  });

  it('should not mark the thread read', async () => {
    const thread = await createThread(w, forumId);
    await follow(w, w.as.kollege, thread.id, { following: true });
    expect(await readerRow(w, thread.id, 'kollege')).toMatchObject({ readPostId: null, readPostAt: null });
    const opened = await readThread(w, thread.id, '', w.as.kollege);
    expect(opened).toMatchObject({ following: true, unread: 1, firstUnreadPostId: thread.posts[0]?.id });
  });

  it('should answer 404 in German for an unknown thread and write nothing', async () => {
    const before = await readerCount();
    const response = await follow(w, w.as.mitglied, 999_999, { following: true });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: FORUM_MESSAGES.threadNotFound });
    expect(await readerCount()).toBe(before);
  });

  it.each([
    ['an empty body', {}],
    ['a text', { following: 'ja' }],
    ['null', { following: null }],
  ])('should refuse %s with 400 in German', async (_name, body) => {
    const thread = await createThread(w, forumId);
    const before = await readerRow(w, thread.id, 'kollege');
    const response = await follow(w, w.as.kollege, thread.id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: FOLLOW_REQUIRED, errors: { following: FOLLOW_REQUIRED } });
    expect(await readerRow(w, thread.id, 'kollege')).toEqual(before);
  });

  it('should refuse unknown fields and a malformed id with 400', async () => {
    const thread = await createThread(w, forumId);
    const extra = await follow(w, w.as.kollege, thread.id, { following: true, mail: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().detail).toEqual(expect.any(String));
    expect(await readerRow(w, thread.id, 'kollege')).toBeUndefined();
    const badId = await follow(w, w.as.kollege, 'abc', { following: true });
    expect(badId.statusCode).toBe(400);
  });

  it('should refuse a partner with 403 in German and write nothing', async () => {
    const thread = await createThread(w, forumId);
    const before = await readerCount();
    const response = await follow(w, w.as.partner, thread.id, { following: true });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: MESSAGES.forbidden });
    expect(await readerCount()).toBe(before);
  });

  it('should refuse a request without token with 401', async () => {
    const thread = await createThread(w, forumId);
    const response = await follow(w, {}, thread.id, { following: true });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MESSAGES.unauthorized });
  });
});
