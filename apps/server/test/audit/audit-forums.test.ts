import { FORUM_API } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createForum,
  createForumWorld,
  createPost,
  createThread,
  type ForumWorld,
  remove,
  saveForum,
  savePost,
  saveThread,
} from '../forums/forum-helpers.ts';
import { userId } from '../helpers/factories.ts';
import { auditMark, auditSince } from './audit-helpers.ts';

let w: ForumWorld;
let admin: number;
beforeAll(async () => {
  w = await createForumWorld();
  admin = await userId(w, 'admin');
});
afterAll(() => w.t.close());

describe('audit of forums', () => {
  it('should record a new forum and what an update changed', async () => {
    const mark = await auditMark(w);
    const forum = await createForum(w, 'Technik');
    const [created, ...others] = await auditSince(w, mark);
    expect(others).toEqual([]);
    expect(created).toEqual({
      id: expect.any(Number),
      actorId: admin,
      kind: 'forum.save',
      subjectType: 'forum',
      subjectId: forum.id,
      subjectLabel: 'Technik',
      changes: { name: { before: null, after: 'Technik' }, description: { before: null, after: '…' } },
    });

    const next = await auditMark(w);
    const response = await saveForum(w, w.as.admin, {
      id: forum.id,
      name: 'Technik & Normen',
      description: '<p>Über Technik</p>',
    });
    expect(response.statusCode).toBe(200);
    const entries = await auditSince(w, next);
    expect(entries.map((entry) => [entry.kind, entry.subjectId, entry.changes])).toEqual([
      ['forum.save', forum.id, { name: { before: 'Technik', after: 'Technik & Normen' } }],
    ]);
  });

  it('should record nothing for a refused forum save', async () => {
    const forum = await createForum(w, 'Bleibt');
    const mark = await auditMark(w);
    expect((await saveForum(w, w.as.admin, { name: '', description: '<p>x</p>' })).statusCode).toBe(400);
    expect(
      (await saveForum(w, w.as.admin, { id: 999_999, name: 'X', description: '<p>x</p>' })).statusCode,
    ).toBe(404);
    expect((await saveForum(w, w.as.mitglied, { name: 'X', description: '<p>x</p>' })).statusCode).toBe(403);
    expect((await remove(w, FORUM_API.byId(forum.id), w.as.mitglied)).statusCode).toBe(403);
    expect(await auditSince(w, mark)).toEqual([]);
  });

  it('should record a forum deletion with how many threads went', async () => {
    const forum = await createForum(w, 'Alt');
    await createThread(w, forum.id);
    await createThread(w, forum.id, w.as.kollege, [], 'Zweites Thema');
    const mark = await auditMark(w);
    expect((await remove(w, FORUM_API.byId(forum.id), w.as.admin)).statusCode).toBe(204);
    expect(await auditSince(w, mark)).toEqual([
      expect.objectContaining({
        actorId: admin,
        kind: 'forum.delete',
        subjectType: 'forum',
        subjectId: forum.id,
        subjectLabel: 'Alt',
        changes: {
          name: { before: 'Alt', after: null },
          description: { before: '…', after: null },
          threads: { before: 2, after: null },
        },
      }),
    ]);
  });
});

describe('audit of threads and posts', () => {
  it("should record nothing for a member's own thread and reply", async () => {
    const forum = await createForum(w, 'Austausch');
    const mark = await auditMark(w);
    const thread = await createThread(w, forum.id, w.as.mitglied);
    await createPost(w, thread.id, w.as.kollege);
    expect(await auditSince(w, mark)).toEqual([]);
  });

  it("should record an admin's thread and reply, without their text", async () => {
    const forum = await createForum(w, 'Ankündigungen');
    const mark = await auditMark(w);
    const thread = await createThread(w, forum.id, w.as.admin, [], 'Neue Satzung');
    const post = await createPost(w, thread.id, w.as.admin, [], '<p>Bitte lesen.</p>');
    expect(await auditSince(w, mark)).toEqual([
      {
        id: expect.any(Number),
        actorId: admin,
        kind: 'thread.save',
        subjectType: 'thread',
        subjectId: thread.id,
        subjectLabel: 'Neue Satzung',
        changes: {
          name: { before: null, after: 'Neue Satzung' },
          forum: { before: null, after: 'Ankündigungen' },
          content: { before: null, after: '…' },
        },
      },
      {
        id: expect.any(Number),
        actorId: admin,
        kind: 'forumPost.save',
        subjectType: 'forumPost',
        subjectId: post.id,
        subjectLabel: 'Neue Satzung',
        changes: { content: { before: null, after: '…' } },
      },
    ]);
  });

  it("should record an admin's deletion of a member's post and thread", async () => {
    const forum = await createForum(w, 'Fragen');
    const thread = await createThread(w, forum.id, w.as.mitglied, [], 'Randverbund');
    const post = await createPost(w, thread.id, w.as.kollege);
    const mark = await auditMark(w);
    expect((await remove(w, FORUM_API.post(post.id), w.as.admin)).statusCode).toBe(204);
    expect((await remove(w, FORUM_API.thread(thread.id), w.as.admin)).statusCode).toBe(204);
    expect(await auditSince(w, mark)).toEqual([
      {
        id: expect.any(Number),
        actorId: admin,
        kind: 'forumPost.delete',
        subjectType: 'forumPost',
        subjectId: post.id,
        subjectLabel: 'Randverbund',
        changes: { content: { before: '…', after: null } },
      },
      {
        id: expect.any(Number),
        actorId: admin,
        kind: 'thread.delete',
        subjectType: 'thread',
        subjectId: thread.id,
        subjectLabel: 'Randverbund',
        changes: {
          name: { before: 'Randverbund', after: null },
          forum: { before: 'Fragen', after: null },
          posts: { before: 1, after: null },
        },
      },
    ]);
  });

  it('should record nothing for a refused thread, post or deletion', async () => {
    const forum = await createForum(w, 'Streng');
    const thread = await createThread(w, forum.id, w.as.mitglied);
    const mark = await auditMark(w);
    expect((await saveThread(w, w.as.admin, forum.id, { name: '', content: '<p>x</p>' })).statusCode).toBe(
      400,
    );
    expect((await savePost(w, w.as.admin, thread.id, { content: '' })).statusCode).toBe(400);
    expect((await savePost(w, w.as.admin, 999_999, { content: '<p>x</p>' })).statusCode).toBe(404);
    // the first post goes only with its thread
    const first = thread.posts[0];
    if (!first) throw new Error('the thread has no first post');
    expect((await remove(w, FORUM_API.post(first.id), w.as.admin)).statusCode).toBe(409);
    expect((await remove(w, FORUM_API.thread(thread.id), w.as.mitglied)).statusCode).toBe(403);
    expect(await auditSince(w, mark)).toEqual([]);
  });
});
