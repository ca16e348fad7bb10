import {
  ADMIN_API,
  BLOG_API,
  ERASED_MEMBER_NAME,
  FORUM_API,
  PEOPLE_API,
  type TBlog,
  type TBlogPage,
  type TForum,
  type TForumThread,
  type TPerson,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../blog/blog-helpers.ts';
import { createForum, saveThread } from '../forums/forum-helpers.ts';
import { multipartBody } from '../helpers/multipart.ts';
import type { Headers } from '../helpers/world.ts';
import { createWorld, fixture, keyOf, type World } from '../helpers/world.ts';

// Authors' photos come with the answers (issue 36 point 6): blog posts, forum threads, their posts and the
// forum's list carry `photo` beside id and name, signed as GET /api/people/{id} signs it, so that the web app
// asks no person page per author; null without a photo, for an erased member, and for partners.

const USERS = [
  { username: 'admin', role: 'ROLE_ADMIN', groups: ['Mitglieder'] },
  { username: 'erika', role: 'ROLE_USER', groups: ['Mitglieder'] },
  { username: 'max', role: 'ROLE_USER', groups: ['Mitglieder'] },
  // a partner in the members' group: the blog's kept lists must not hand a member's answer to them
  { username: 'partner', role: 'ROLE_PARTNER', groups: ['Mitglieder'] },
] as const;

let w: World<(typeof USERS)[number]['username']>;
const ids: Record<string, number> = {};
let threadId = 0;
let forumId = 0;

async function putPhoto(headers: Headers) {
  const body = await multipartBody({
    photo: { filename: 'foto.jpg', data: fixture('images/foto-exif-gps.jpg'), type: 'image/jpeg' },
  });
  const response = await w.app.inject({
    method: 'PUT',
    url: PEOPLE_API.photo,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The storage key of a person's photo as their page gives it. */
async function photoKey(username: 'admin' | 'erika'): Promise<string> {
  const person = await w.json<TPerson>(PEOPLE_API.byId(ids[username] as number), w.as.max);
  return keyOf(person.photo);
}

beforeAll(async () => {
  w = await createWorld({ users: USERS });
  for (const { username } of USERS) {
    ids[username] = (
      await w.t.database.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).id;
  }
  await putPhoto(w.as.erika);
  await putPhoto(w.as.admin);
  forumId = (await createForum(w, 'Fotos')).id;
  const thread = await saveThread(w, w.as.erika, forumId, { name: 'Mit Gesicht', content: '<p>Hallo</p>' });
  expect(thread.statusCode, thread.body).toBe(200);
  threadId = thread.json<TForumThread>().id;
  for (const [who, content] of [
    ['max', '<p>Ohne Foto</p>'],
    ['admin', '<p>Vom Verband</p>'],
  ] as const) {
    const reply = await w.postMultipart(FORUM_API.savePost, w.as[who], {
      forumPost: JSON.stringify({ content }),
      forumThreadId: String(threadId),
    });
    expect(reply.statusCode, reply.body).toBe(200);
  }
});
afterAll(() => w.t.close());

describe("authors' photos in forum answers", () => {
  it('should carry each author’s signed photo on the thread and its posts, null without one', async () => {
    const thread = await w.json<TForumThread>(FORUM_API.thread(threadId), w.as.max);
    expect(thread.author).toMatchObject({ username: 'erika', id: ids.erika, photo: expect.any(String) });
    expect(keyOf(thread.author?.photo ?? null)).toBe(await photoKey('erika'));
    expect(thread.posts.map((post) => post.author?.username)).toEqual(['erika', 'max', 'admin']);
    const [first, second, third] = thread.posts.map((post) => post.author);
    expect(keyOf(first?.photo ?? null)).toBe(await photoKey('erika'));
    expect(second).toEqual({ username: 'max', id: ids.max, name: 'max', photo: null });
    expect(keyOf(third?.photo ?? null)).toBe(await photoKey('admin'));
    // the address opens the photo for whoever has it, as the person page's does
    const image = await w.app.inject({ url: first?.photo ?? '' });
    expect(image.statusCode).toBe(200);
    expect([...image.rawPayload.subarray(0, 2)]).toEqual([0xff, 0xd8]);
  });

  it("should carry the photos of the forum list's thread authors and last repliers", async () => {
    const forum = await w.json<TForum>(FORUM_API.byId(forumId), w.as.max);
    const summary = forum.threads.find((thread) => thread.id === threadId);
    expect(keyOf(summary?.author?.photo ?? null)).toBe(await photoKey('erika'));
    expect(keyOf(summary?.lastReply?.author?.photo ?? null)).toBe(await photoKey('admin'));
  });
});

describe("authors' photos in blog answers", () => {
  it('should carry the author’s photo to members in the post and the lists, and none to partners', async () => {
    const post = await createPost(w, { title: 'Mit Foto des Verfassers' });
    const key = await photoKey('admin');
    // the partner first: a list kept for the same groups must not carry the photo on to a member, nor back
    for (const round of [1, 2]) {
      const partnerList = await w.json<TBlogPage>(BLOG_API.list, w.as.partner);
      const memberList = await w.json<TBlogPage>(BLOG_API.list, w.as.max);
      const ofPost = (page: TBlogPage) => page.items.find((item) => item.id === post.id)?.author;
      expect(ofPost(partnerList), `round ${round}`).toEqual({
        username: 'admin',
        id: ids.admin,
        name: 'admin',
        photo: null,
      });
      expect(keyOf(ofPost(memberList)?.photo ?? null), `round ${round}`).toBe(key);
    }
    const read = await w.json<TBlog>(BLOG_API.byId(post.id), w.as.erika);
    expect(keyOf(read.author?.photo ?? null)).toBe(key);
    expect((await w.json<TBlog>(BLOG_API.byId(post.id), w.as.partner)).author?.photo).toBeNull();
    const dashboard = await w.json<TBlog[]>(BLOG_API.count(2), w.as.erika);
    expect(keyOf(dashboard.find((item) => item.id === post.id)?.author?.photo ?? null)).toBe(key);
  });
});

describe('an erased author', () => {
  it("should stay 'Ehemaliges Mitglied' without a photo", async () => {
    const erased = await w.app.inject({
      method: 'DELETE',
      url: ADMIN_API.member(ids.erika as number),
      headers: w.as.admin,
    });
    expect(erased.statusCode).toBe(204);
    const thread = await w.json<TForumThread>(FORUM_API.thread(threadId), w.as.max);
    expect(thread.author).toMatchObject({ username: ERASED_MEMBER_NAME, photo: null });
    expect(thread.posts[0]?.author).toMatchObject({ username: ERASED_MEMBER_NAME, photo: null });
    const forum = await w.json<TForum>(FORUM_API.byId(forumId), w.as.max);
    expect(forum.threads.find((item) => item.id === threadId)?.author?.photo).toBeNull();
  });
});
