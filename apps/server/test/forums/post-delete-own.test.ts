import {
  CONVERSATION_API,
  CONVERSATION_MESSAGES,
  FORUM_API,
  FORUM_MESSAGES,
  MESSAGES,
  type TForumPost,
  type TForumPostMedia,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyOf, storedFiles } from '../helpers/world.ts';
import { edited, editPost, editPostJson, versionRows } from './edit-helpers.ts';
import {
  createForum,
  createForumWorld,
  createPost,
  createThread,
  type ForumWorld,
  forumRows,
  leaflet,
  logo,
  orphans,
  readThread,
  remove,
} from './forum-helpers.ts';

let w: ForumWorld;
let forumId: number;
beforeAll(async () => {
  w = await createForumWorld();
  forumId = (await createForum(w)).id;
});
afterAll(() => w.t.close());

const deletePost = (id: number | string, headers = w.as.kollege) =>
  remove(w, CONVERSATION_API.post(id), headers);
const keysOfMedia = (media: readonly TForumPostMedia[]) =>
  media.flatMap((file) => [
    keyOf(file.filePath),
    ...(file.fileThumbnailPath ? [keyOf(file.fileThumbnailPath)] : []),
  ]);

describe('DELETE /api/forumPost/{id} by a member', () => {
  it("should leave their reply in place as deleted: no text, files or versions, the thread's counts kept", async () => {
    const thread = await createThread(w, forumId);
    const reply = await createPost(w, thread.id, w.as.kollege, [logo(), leaflet()]);
    const after = await createPost(w, thread.id, w.as.mitglied);
    await edited(w, w.as.kollege, reply.id, { content: '<p>Zweite Fassung</p>' });
    const before = await readThread(w, thread.id);
    const forums = await w.json(FORUM_API.list, w.as.mitglied);

    const response = await deletePost(reply.id);
    expect(response.statusCode).toBe(204);

    const page = await readThread(w, thread.id);
    expect(page.postCount).toBe(before.postCount);
    expect(page.posts.map((post) => post.id)).toEqual(before.posts.map((post) => post.id));
    const tombstone = page.posts[1] as TForumPost;
    expect(tombstone).toEqual({
      ...(before.posts[1] as TForumPost),
      content: '',
      forumPostMedia: [],
      forumPostMediaImages: [],
      forumPostMediaFiles: [],
      editedAt: null,
      versionCount: 1,
      deleted: true,
      reactions: [],
    });
    expect(page.posts[2]).toEqual(after);
    expect(await versionRows(w, reply.id)).toEqual([]);
    const stored = storedFiles(w.t, 'forum/');
    for (const key of keysOfMedia(reply.forumPostMedia)) expect(stored).not.toContain(key);
    expect(await orphans(w)).toEqual({ files: [], rows: [] });
    // the forum list counts as before
    expect(await w.json(FORUM_API.list, w.as.mitglied)).toEqual(forums);
  });

  it('should answer 204 again for a reply deleted already and change nothing', async () => {
    const thread = await createThread(w, forumId);
    const reply = await createPost(w, thread.id);
    expect((await deletePost(reply.id)).statusCode).toBe(204);
    const rows = await forumRows(w);
    const page = await readThread(w, thread.id);
    const again = await deletePost(reply.id);
    expect(again.statusCode).toBe(204);
    expect(await forumRows(w)).toEqual(rows);
    expect((await readThread(w, thread.id)).posts).toEqual(page.posts);
  });

  it('should refuse to edit a deleted reply with 409', async () => {
    const thread = await createThread(w, forumId);
    const reply = await createPost(w, thread.id);
    expect((await deletePost(reply.id)).statusCode).toBe(204);
    for (const response of [
      await editPost(w, w.as.kollege, reply.id, { content: '<p>Wieder da</p>' }, { files: [logo()] }),
      await editPostJson(w, w.as.admin, reply.id, { content: '<p>Wieder da</p>' }),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: CONVERSATION_MESSAGES.postDeleted });
    }
    expect(await versionRows(w, reply.id)).toEqual([]);
    expect(await orphans(w)).toEqual({ files: [], rows: [] });
    expect((await readThread(w, thread.id)).posts[1]).toMatchObject({ content: '', deleted: true });
  });

  it("should refuse another member's reply with 403 and their own first post with 409", async () => {
    const thread = await createThread(w, forumId);
    const reply = await createPost(w, thread.id);
    const rows = await forumRows(w);
    const other = await deletePost(reply.id, w.as.mitglied);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ detail: CONVERSATION_MESSAGES.notYours });
    const first = await deletePost((thread.posts[0] as TForumPost).id, w.as.mitglied);
    expect(first.statusCode).toBe(409);
    expect(first.json()).toEqual({ detail: FORUM_MESSAGES.firstPostUndeletable });
    const partner = await deletePost(reply.id, w.as.partner);
    expect(partner.statusCode).toBe(403);
    expect(partner.json()).toEqual({ detail: MESSAGES.forbidden });
    expect(
      (await w.t.app.inject({ method: 'DELETE', url: CONVERSATION_API.post(reply.id) })).statusCode,
    ).toBe(401);
    const unknown = await deletePost(999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: FORUM_MESSAGES.postNotFound });
    expect(await forumRows(w)).toEqual(rows);
    expect((await readThread(w, thread.id)).posts[1]).toMatchObject({
      content: reply.content,
      deleted: false,
    });
  });
});

describe('DELETE /api/forumPost/{id} by an admin', () => {
  it('should remove the post as SPEC says, also one its author had deleted', async () => {
    const thread = await createThread(w, forumId);
    const reply = await createPost(w, thread.id, w.as.kollege, [logo()]);
    const deleted = await createPost(w, thread.id);
    await edited(w, w.as.kollege, reply.id, { content: '<p>Geändert</p>' });
    expect((await deletePost(deleted.id)).statusCode).toBe(204);

    expect((await deletePost(reply.id, w.as.admin)).statusCode).toBe(204);
    expect((await deletePost(deleted.id, w.as.admin)).statusCode).toBe(204);
    const page = await readThread(w, thread.id);
    expect(page.postCount).toBe(1);
    expect(page.posts.map((post) => post.id)).toEqual([(thread.posts[0] as TForumPost).id]);
    expect(await versionRows(w, reply.id)).toEqual([]);
    expect(await orphans(w)).toEqual({ files: [], rows: [] });
    const first = await deletePost((thread.posts[0] as TForumPost).id, w.as.admin);
    expect(first.statusCode).toBe(409);
    expect(first.json()).toEqual({ detail: FORUM_MESSAGES.firstPostUndeletable });
  });
});
