/**
 * Issue 37 point 6: the audit log holds an admin's edits of other members' posts and thread titles, before →
 * after (a post's text only as changed); members' own edits and deletions, and an admin's own, are no admin
 * action on someone else's work.
 */
import { AUDIT_KINDS, CONVERSATION_API, type TForumPost } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editPost, editPostJson, renameThread } from '../forums/edit-helpers.ts';
import {
  createForum,
  createForumWorld,
  createPost,
  createThread,
  type ForumWorld,
  leaflet,
  logo,
  remove,
} from '../forums/forum-helpers.ts';
import { userId } from '../helpers/factories.ts';
import { auditMark, auditSince } from './audit-helpers.ts';

let w: ForumWorld;
let admin: number;
let forumId: number;
beforeAll(async () => {
  w = await createForumWorld();
  admin = await userId(w, 'admin');
  forumId = (await createForum(w)).id;
});
afterAll(() => w.t.close());

const ok = (response: { statusCode: number; body: string }) =>
  expect(response.statusCode, response.body).toBe(200);

describe('audit of edits', () => {
  it("should record an admin's edit of another member's reply: the text as changed, the attachments by name", async () => {
    const thread = await createThread(w, forumId);
    const reply = await createPost(w, thread.id, w.as.kollege, [logo()]);
    const mark = await auditMark(w);
    ok(
      await editPost(
        w,
        w.as.admin,
        reply.id,
        { content: '<p>Vom Admin gekürzt</p>' },
        { files: [leaflet()], removeMedia: reply.forumPostMedia.map((file) => file.id) },
      ),
    );
    expect(await auditSince(w, mark)).toEqual([
      {
        id: expect.any(Number),
        actorId: admin,
        kind: 'forumPost.edit',
        subjectType: 'forumPost',
        subjectId: reply.id,
        subjectLabel: 'Isolierglas beschlägt innen',
        changes: {
          content: { before: '…', after: '…' },
          attachments: { before: ['logo.png'], after: ['merkblatt.pdf'] },
        },
      },
    ]);

    // the text alone
    const next = await auditMark(w);
    ok(await editPostJson(w, w.as.admin, reply.id, { content: '<p>Noch kürzer</p>' }));
    expect((await auditSince(w, next)).map((entry) => [entry.kind, entry.changes])).toEqual([
      ['forumPost.edit', { content: { before: '…', after: '…' } }],
    ]);
  });

  it("should record an admin's new title of another member's thread as thread.rename, before → after", async () => {
    const thread = await createThread(w, forumId);
    const first = thread.posts[0] as TForumPost;
    const mark = await auditMark(w);
    ok(await editPost(w, w.as.admin, first.id, { content: '<p>Ergänzt</p>', name: 'Beschlag innen' }));
    ok(await renameThread(w, w.as.admin, thread.id, { name: 'Beschlag innen (gelöst)' }));
    expect(
      (await auditSince(w, mark)).map(({ kind, subjectType, subjectId, subjectLabel, changes }) => ({
        kind,
        subjectType,
        subjectId,
        subjectLabel,
        changes,
      })),
    ).toEqual([
      {
        kind: 'forumPost.edit',
        subjectType: 'forumPost',
        subjectId: first.id,
        subjectLabel: 'Beschlag innen',
        changes: { content: { before: '…', after: '…' } },
      },
      {
        kind: 'thread.rename',
        subjectType: 'thread',
        subjectId: thread.id,
        subjectLabel: 'Beschlag innen',
        changes: { name: { before: 'Isolierglas beschlägt innen', after: 'Beschlag innen' } },
      },
      {
        kind: 'thread.rename',
        subjectType: 'thread',
        subjectId: thread.id,
        subjectLabel: 'Beschlag innen (gelöst)',
        changes: { name: { before: 'Beschlag innen', after: 'Beschlag innen (gelöst)' } },
      },
    ]);
  });

  it("should record nothing for members' own edits and deletions, an admin's own post, or an edit that changed nothing", async () => {
    const thread = await createThread(w, forumId);
    const first = thread.posts[0] as TForumPost;
    const reply = await createPost(w, thread.id);
    const own = await createPost(w, thread.id, w.as.admin);
    const mark = await auditMark(w);
    ok(await editPost(w, w.as.kollege, reply.id, { content: '<p>Selbst geändert</p>' }));
    ok(await editPost(w, w.as.mitglied, first.id, { content: first.content, name: 'Selbst umbenannt' }));
    ok(await renameThread(w, w.as.mitglied, thread.id, { name: 'Noch einmal' }));
    ok(await editPost(w, w.as.admin, own.id, { content: '<p>Eigener Beitrag</p>' }));
    ok(await editPost(w, w.as.admin, reply.id, { content: '<p>Selbst geändert</p>' }));
    ok(await renameThread(w, w.as.admin, thread.id, { name: 'Noch einmal' }));
    expect((await remove(w, CONVERSATION_API.post(reply.id), w.as.kollege)).statusCode).toBe(204);
    expect(await auditSince(w, mark)).toEqual([]);
  });

  it('should name both kinds in German', () => {
    expect(AUDIT_KINDS['forumPost.edit']).toBe('Forumsbeitrag bearbeitet');
    expect(AUDIT_KINDS['thread.rename']).toBe('Thema umbenannt');
  });
});
