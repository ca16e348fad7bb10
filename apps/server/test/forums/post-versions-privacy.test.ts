/**
 * Issue 37 point 6: a member's export lists the versions of posts they wrote; erasing them keeps those versions
 * (the association's discussion, decision 0086) under 'Ehemaliges Mitglied': without an editor.
 */
import { type TForumPost, ZAccountExport } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userId } from '../helpers/factories.ts';
import { createPrivacyWorld, erase, exportOf, type PrivacyWorld } from '../privacy/privacy-helpers.ts';
import { edited, renameThread, versionRows, versionsOf } from './edit-helpers.ts';
import { createForum, createPost, createThread, readThread } from './forum-helpers.ts';

let w: PrivacyWorld;
let forumId: number;
beforeAll(async () => {
  w = await createPrivacyWorld();
  forumId = (await createForum(w, 'Technik')).id;
});
afterAll(() => w.t.close());

describe('versions in the export and after erasure', () => {
  it('should export every version a member wrote, oldest first, and none an admin wrote of their post', async () => {
    const thread = await createThread(w, forumId, w.as.mitglied, [], 'Beschlag innen');
    const first = thread.posts[0] as TForumPost;
    const reply = await createPost(w, thread.id, w.as.kollege);
    const second = await edited(w, w.as.mitglied, first.id, { content: '<p>Zweite Fassung</p>' });
    expect(
      (await renameThread(w, w.as.mitglied, thread.id, { name: 'Beschlag innen (Süd)' })).statusCode,
    ).toBe(200);
    const byAdmin = await edited(w, w.as.admin, first.id, { content: '<p>Vom Admin</p>' });
    await edited(w, w.as.kollege, reply.id, { content: '<p>Antwort geändert</p>' });

    const data = await exportOf(w, w.as.mitglied);
    expect(ZAccountExport.parse(data)).toEqual(data);
    const common = { postId: first.id, threadId: thread.id, thread: 'Beschlag innen (Süd)' };
    expect(data.forumPostVersions).toEqual([
      { ...common, number: 1, name: 'Beschlag innen', content: first.content, createdAt: first.createdAt },
      {
        ...common,
        number: 2,
        name: 'Beschlag innen',
        content: '<p>Zweite Fassung</p>',
        createdAt: second.editedAt,
      },
      {
        ...common,
        number: 3,
        name: 'Beschlag innen (Süd)',
        content: '<p>Zweite Fassung</p>',
        createdAt: expect.any(String),
      },
    ]);
    const admin = await exportOf(w, w.as.admin);
    expect(admin.forumPostVersions).toEqual([
      {
        ...common,
        number: 4,
        name: 'Beschlag innen (Süd)',
        content: '<p>Vom Admin</p>',
        createdAt: byAdmin.editedAt,
      },
    ]);
    expect((await exportOf(w, w.as.kollege)).forumPostVersions.map((v) => [v.postId, v.number])).toEqual([
      [reply.id, 1],
      [reply.id, 2],
    ]);
    expect((await exportOf(w, w.as.partner)).forumPostVersions).toEqual([]);
  });

  it("should keep an erased member's versions without their editor: 'Ehemaliges Mitglied'", async () => {
    const kollege = await userId(w, 'kollege');
    const thread = await createThread(w, forumId, w.as.mitglied, [], 'Glasbruch beim Einbau');
    const reply = await createPost(w, thread.id, w.as.kollege);
    await edited(w, w.as.kollege, reply.id, { content: '<p>Zweite Fassung</p>' });
    await edited(w, w.as.admin, reply.id, { content: '<p>Vom Admin</p>' });
    const before = await versionsOf(w, reply.id);

    expect((await erase(w, w.as.admin, kollege)).statusCode).toBe(204);

    const after = await versionsOf(w, reply.id);
    expect(after.versions).toEqual(
      before.versions.map((version) => (version.number < 3 ? { ...version, editor: null } : version)),
    );
    expect(after.versions[2]?.editor).toMatchObject({ username: 'admin' });
    expect((await versionRows(w, reply.id)).map((row) => row.editorId)).toEqual([
      null,
      null,
      await userId(w, 'admin'),
    ]);
    const page = await readThread(w, thread.id, '', w.as.mitglied);
    expect(page.posts[1]).toMatchObject({ content: '<p>Vom Admin</p>', versionCount: 3 });
  });

  it('should answer null as the editor of a never edited post whose author was erased', async () => {
    const thread = await createThread(w, forumId, w.as.mitglied);
    const author = await userId(w, 'mitglied');
    expect((await erase(w, w.as.admin, author)).statusCode).toBe(204);
    const first = thread.posts[0] as TForumPost;
    expect((await versionsOf(w, first.id, w.as.admin)).versions).toEqual([
      { number: 1, createdAt: first.createdAt, editor: null, content: first.content, name: thread.name },
    ]);
  });
});
