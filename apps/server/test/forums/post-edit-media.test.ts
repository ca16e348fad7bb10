import path from 'node:path';
import {
  CONVERSATION_MESSAGES,
  FORUM_MESSAGES,
  FORUM_POST_MEDIA_MAX,
  type TForumPost,
  type TForumPostMedia,
} from '@portal/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixture, keyOf, storedFiles, type Upload } from '../helpers/world.ts';
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
  photo,
  readThread,
} from './forum-helpers.ts';

let w: ForumWorld;
let forumId: number;
let threadId: number;
beforeAll(async () => {
  w = await createForumWorld();
  forumId = (await createForum(w)).id;
  threadId = (await createThread(w, forumId)).id;
});
afterAll(() => w.t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const keysOfMedia = (media: readonly TForumPostMedia[]) =>
  media.flatMap((file) => [
    keyOf(file.filePath),
    ...(file.fileThumbnailPath ? [keyOf(file.fileThumbnailPath)] : []),
  ]);
const names = (post: TForumPost) => post.forumPostMedia.map((file) => file.originalFilename);

/** Runs the request and asserts that no row and no file (temp files included) was added or removed. */
async function expectNothingChanged<R>(postId: number, request: () => Promise<R>): Promise<R> {
  const rows = await forumRows(w);
  const files = storedFiles(w.t);
  const versions = await versionRows(w, postId);
  const response = await request();
  expect(await forumRows(w)).toEqual(rows);
  expect(storedFiles(w.t)).toEqual(files);
  expect(await versionRows(w, postId)).toEqual(versions);
  return response;
}

describe('attachments of an edit', () => {
  it('should add files after the ones kept and remove the ones named, their files after the commit', async () => {
    const reply = await createPost(w, threadId, w.as.kollege, [logo(), leaflet()]);
    const [kept, dropped] = reply.forumPostMedia as [TForumPostMedia, TForumPostMedia];
    const post = await edited(
      w,
      w.as.kollege,
      reply.id,
      { content: reply.content },
      { files: [photo()], removeMedia: [dropped.id] },
    );
    expect(names(post)).toEqual(['logo.png', 'foto-exif-gps.jpg']);
    expect(post.forumPostMedia[0]).toEqual(kept);
    expect(post.forumPostMediaImages).toHaveLength(2);
    expect(post.forumPostMediaFiles).toEqual([]);
    // a change of the attachments alone is an edit: the post is marked and has a version
    expect(post).toMatchObject({ versionCount: 2, editedAt: expect.any(String) });
    const stored = storedFiles(w.t, 'forum/');
    for (const key of keysOfMedia([dropped])) expect(stored).not.toContain(key);
    for (const key of keysOfMedia(post.forumPostMedia)) expect(stored).toContain(key);
    expect(await orphans(w)).toEqual({ files: [], rows: [] });
    const page = await readThread(w, threadId, 'page=last');
    expect(page.posts.find((p) => p.id === reply.id)?.forumPostMedia.map((f) => f.id)).toEqual(
      post.forumPostMedia.map((f) => f.id),
    );
  });

  it('should take removeMedia in a JSON body', async () => {
    const reply = await createPost(w, threadId, w.as.kollege, [logo()]);
    const response = await editPostJson(w, w.as.kollege, reply.id, {
      content: '<p>Ohne Bild</p>',
      removeMedia: reply.forumPostMedia.map((file) => file.id),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ content: '<p>Ohne Bild</p>', forumPostMedia: [] });
    expect(await orphans(w)).toEqual({ files: [], rows: [] });
  });

  it(`should count the files kept and added together, at most ${FORUM_POST_MEDIA_MAX}`, async () => {
    const full = Array.from({ length: FORUM_POST_MEDIA_MAX - 1 }, () => leaflet());
    const reply = await createPost(w, threadId, w.as.kollege, full);
    const [first] = reply.forumPostMedia as [TForumPostMedia];
    const over = await expectNothingChanged(reply.id, () =>
      editPost(w, w.as.kollege, reply.id, { content: reply.content }, { files: [logo(), photo()] }),
    );
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      detail: FORUM_MESSAGES.tooManyMedia,
      errors: { forumPostMedia: FORUM_MESSAGES.tooManyMedia },
    });
    // one removed makes room for two
    const post = await edited(
      w,
      w.as.kollege,
      reply.id,
      { content: reply.content },
      { files: [logo(), photo()], removeMedia: [first.id] },
    );
    expect(post.forumPostMedia).toHaveLength(FORUM_POST_MEDIA_MAX);
    expect(names(post).slice(-2)).toEqual(['logo.png', 'foto-exif-gps.jpg']);
    expect(await orphans(w)).toEqual({ files: [], rows: [] });
  });

  it.each([
    ['images/fake.png', 'image/png'],
    ['images/script.svg', 'image/svg+xml'],
    ['docs/fake.pdf', 'application/pdf'],
  ])('should refuse %s with 415 and change nothing', async (name, type) => {
    const reply = await createPost(w, threadId, w.as.kollege, [logo()]);
    const upload: Upload = { filename: path.basename(name), data: fixture(name), type };
    const response = await expectNothingChanged(reply.id, () =>
      editPost(
        w,
        w.as.kollege,
        reply.id,
        { content: '<p>Neu</p>' },
        { files: [leaflet(), upload], removeMedia: reply.forumPostMedia.map((f) => f.id) },
      ),
    );
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: FORUM_MESSAGES.mediaType });
    expect((await readThread(w, threadId, 'page=last')).posts.find((p) => p.id === reply.id)).toMatchObject({
      content: reply.content,
      forumPostMedia: reply.forumPostMedia.map((file) => ({ ...file, filePath: expect.any(String) })),
    });
  });

  it.each([
    ['an id of another post', 'other'],
    ['an unknown id', '[999999]'],
    ['no list', '{"id":1}'],
    ['no ids', '["a"]'],
    ['no JSON', '[1'],
  ])('should refuse %s in removeMedia with 400 and change nothing', async (_case, value) => {
    const other = await createPost(w, threadId, w.as.kollege, [logo()]);
    const reply = await createPost(w, threadId, w.as.kollege, [leaflet()]);
    const removeMedia = value === 'other' ? JSON.stringify(other.forumPostMedia.map((f) => f.id)) : value;
    const response = await expectNothingChanged(reply.id, () =>
      editPost(w, w.as.kollege, reply.id, { content: '<p>Neu</p>' }, { files: [photo()], removeMedia }),
    );
    expect(response.statusCode).toBe(400);
    // the field by its path in the body (decision 0005): `removeMedia`, `removeMedia.0`
    const { errors } = response.json<{ errors: Record<string, string> }>();
    expect(Object.keys(errors)).toEqual([expect.stringMatching(/^removeMedia(\.0)?$/)]);
    if (value === 'other' || value === '[999999]') {
      expect(response.json()).toEqual({
        detail: CONVERSATION_MESSAGES.removeMediaInvalid,
        errors: { removeMedia: CONVERSATION_MESSAGES.removeMediaInvalid },
      });
    }
  });

  it("should store no file for a refused edit: another member's post, an unknown one, an empty text", async () => {
    const reply = await createPost(w, threadId, w.as.kollege, [logo()]);
    const other = await expectNothingChanged(reply.id, () =>
      editPost(w, w.as.mitglied, reply.id, { content: '<p>x</p>' }, { files: [photo()] }),
    );
    expect(other.statusCode).toBe(403);
    const unknown = await expectNothingChanged(reply.id, () =>
      editPost(w, w.as.kollege, 999_999, { content: '<p>x</p>' }, { files: [photo()] }),
    );
    expect(unknown.statusCode).toBe(404);
    const blank = await expectNothingChanged(reply.id, () =>
      editPost(w, w.as.kollege, reply.id, { content: '<p></p>' }, { files: [photo()] }),
    );
    expect(blank.statusCode).toBe(400);
  });

  it('should remove the new files again when the edit fails after they were stored', async () => {
    const reply = await createPost(w, threadId, w.as.kollege, [logo()]);
    const { storage, database } = { storage: w.t.app.storage, database: w.t.database };
    const put = storage.put.bind(storage);
    let deleted = false;
    // the reply is deleted by an admin while the edit's files upload
    vi.spyOn(storage, 'put').mockImplementation(async (key, data) => {
      await put(key, data);
      if (deleted) return;
      deleted = true;
      await database.db.deleteFrom('forumPostMedia').where('postId', '=', reply.id).execute();
      await database.db.deleteFrom('forumPosts').where('id', '=', reply.id).execute();
    });
    const files = storedFiles(w.t);
    const response = await editPost(w, w.as.kollege, reply.id, { content: '<p>x</p>' }, { files: [photo()] });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: FORUM_MESSAGES.postNotFound });
    expect(storedFiles(w.t)).toEqual(files);
  });
});
