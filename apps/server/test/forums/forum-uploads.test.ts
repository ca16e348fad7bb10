import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FORUM_API, type TForumPost, type TForumPostMedia } from '@portal/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUrlSigner } from '../../src/platform/storage/signed-url.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { fixture, keyOf, storageRoot, storedFiles } from '../helpers/world.ts';
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
  remove,
  savePost,
} from './forum-helpers.ts';

let w: ForumWorld;
let forumId: number;
beforeAll(async () => {
  w = await createForumWorld();
  forumId = (await createForum(w)).id;
});
afterAll(() => w.t.close());

const stored = (url: string | null) => readFileSync(path.join(storageRoot(w.t), keyOf(url)));
const download = (url: string | null) => w.t.app.inject({ url: url ?? '' });
const keysOfMedia = (media: readonly TForumPostMedia[]) =>
  media.flatMap((file) => [
    keyOf(file.filePath),
    ...(file.fileThumbnailPath ? [keyOf(file.fileThumbnailPath)] : []),
  ]);

describe('attachments of a post', () => {
  it('should store logo.png with a thumbnail, both served by signed URL without a token', async () => {
    const thread = await createThread(w, forumId, w.as.mitglied, [logo()]);
    const post = thread.posts[0] as TForumPost;
    expect(post.forumPostMedia).toEqual([
      {
        id: expect.any(Number),
        filePath: expect.stringMatching(
          /^\/api\/files\/forum\/\d{4}\/[0-9a-f-]{36}\.png\?expires=\d+&name=logo\.png&signature=/,
        ),
        fileThumbnailPath: expect.stringMatching(/^\/api\/files\/forum\/\d{4}\/[0-9a-f-]{36}\.jpg\?expires=/),
        originalFilename: 'logo.png',
        mimeType: 'image/png',
      },
    ]);
    expect(post.forumPostMediaImages).toEqual(post.forumPostMedia);
    expect(post.forumPostMediaFiles).toEqual([]);
    const [media] = post.forumPostMedia as [TForumPostMedia];

    const file = await download(media.filePath);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect((await sharp(file.rawPayload).metadata()).format).toBe('png');
    const thumb = await download(media.fileThumbnailPath);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 64 });
  });

  it('should remove the GPS position and all EXIF data from foto-exif-gps.jpg and make a thumbnail', async () => {
    const original = fixture('images/foto-exif-gps.jpg');
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes(Buffer.from('GPS'))).toBe(true);
    const thread = await createThread(w, forumId);
    const post = await createPost(w, thread.id, w.as.kollege, [photo()]);
    const [media] = post.forumPostMediaImages as [TForumPostMedia];
    expect(media).toMatchObject({ originalFilename: 'foto-exif-gps.jpg', mimeType: 'image/jpeg' });

    for (const url of [media.filePath, media.fileThumbnailPath]) {
      const data = stored(url);
      const meta = await sharp(data).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(data.includes(Buffer.from('GPS'))).toBe(false);
    }
    const full = await sharp(stored(media.filePath)).metadata();
    const thumb = await sharp(stored(media.fileThumbnailPath)).metadata();
    expect(thumb.width).toBe(480);
    expect(full.width).toBeGreaterThan(480);
    expect(((thumb.width ?? 0) / (thumb.height ?? 1)).toFixed(1)).toBe(
      ((full.width ?? 0) / (full.height ?? 1)).toFixed(1),
    );
  });

  it('should store merkblatt.pdf unchanged, as a file without thumbnail', async () => {
    const thread = await createThread(w, forumId);
    const post = await createPost(w, thread.id, w.as.kollege, [leaflet()]);
    expect(post.forumPostMediaImages).toEqual([]);
    expect(post.forumPostMediaFiles).toEqual([
      {
        id: expect.any(Number),
        filePath: expect.stringMatching(/^\/api\/files\/forum\/\d{4}\/[0-9a-f-]{36}\.pdf\?/),
        fileThumbnailPath: null,
        originalFilename: 'merkblatt.pdf',
        mimeType: 'application/pdf',
      },
    ]);
    const file = await download(post.forumPostMediaFiles[0]?.filePath ?? null);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(fixture('docs/merkblatt.pdf'))).toBe(true);
  });

  it('should store several files at once in the order of their index', async () => {
    const thread = await createThread(w, forumId);
    const files = storedFiles(w.t).length;
    const body = await multipartBody({
      forumPost: JSON.stringify({ content: '<p>Drei Anhänge</p>' }),
      forumThreadId: String(thread.id),
      'forumPostMedia[2]': leaflet(),
      'forumPostMedia[0]': { ...logo(), filename: 'C:\\fakepath\\Logo Verband.png' },
      'forumPostMedia[1]': photo(),
    });
    const response = await w.t.app.inject({
      method: 'POST',
      url: FORUM_API.savePost,
      headers: { ...w.as.kollege, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(200);
    const post = response.json<TForumPost>();
    expect(post.forumPostMedia.map((file) => file.originalFilename)).toEqual([
      'Logo Verband.png',
      'foto-exif-gps.jpg',
      'merkblatt.pdf',
    ]);
    expect(post.forumPostMediaImages.map((file) => file.mimeType)).toEqual(['image/png', 'image/jpeg']);
    expect(post.forumPostMediaFiles.map((file) => file.mimeType)).toEqual(['application/pdf']);
    expect(storedFiles(w.t).length).toBe(files + 5);
    expect((await readThread(w, thread.id, 'page=last')).posts.at(-1)).toEqual(post);
  });

  it('should ignore an empty file input', async () => {
    const thread = await createThread(w, forumId);
    const post = await createPost(w, thread.id, w.as.kollege, [{ filename: '', data: '' }]);
    expect(post.forumPostMedia).toEqual([]);
  });
});

describe('signed URLs of attachments', () => {
  it('should refuse a changed signature and expire after some hours', async () => {
    const thread = await createThread(w, forumId, w.as.mitglied, [logo()]);
    const url = thread.posts[0]?.forumPostMedia[0]?.filePath ?? '';
    expect((await download(url)).statusCode).toBe(200);
    expect((await download(url.replace(/signature=.{4}/, 'signature=AAAA'))).statusCode).toBe(404);
    expect((await download(url.split('?')[0] ?? '')).statusCode).toBe(400);

    // The same file, signed eight hours ago (URLs live an hour at most): expired.
    const past = createUrlSigner(w.t.config.jwtSecret, () => Date.now() - 8 * 60 * 60 * 1000);
    const old = past.sign(keyOf(url));
    expect(Number(new URL(old, 'http://x').searchParams.get('expires')) * 1000).toBeLessThan(Date.now());
    const expired = await download(old);
    expect(expired.statusCode).toBe(404);
    expect(expired.headers['content-type']).toContain('application/json');
    expect((await download(url)).statusCode).toBe(200);
  });
});

describe('deleting posts, threads and forums', () => {
  it('should remove the files of a deleted reply and keep the others', async () => {
    const thread = await createThread(w, forumId, w.as.mitglied, [logo()]);
    const reply = await createPost(w, thread.id, w.as.kollege, [photo(), leaflet()]);
    const replyKeys = keysOfMedia(reply.forumPostMedia);
    const firstKeys = keysOfMedia(thread.posts[0]?.forumPostMedia ?? []);
    expect(replyKeys).toHaveLength(3);
    expect(storedFiles(w.t)).toEqual(expect.arrayContaining([...replyKeys, ...firstKeys]));

    expect((await remove(w, FORUM_API.post(reply.id), w.as.admin)).statusCode).toBe(204);
    const files = storedFiles(w.t);
    for (const key of replyKeys) expect(files).not.toContain(key);
    expect(files).toEqual(expect.arrayContaining(firstKeys));
  });

  it('should remove every post, attachment row and file of a deleted thread', async () => {
    const thread = await createThread(w, forumId, w.as.mitglied, [logo(), leaflet()]);
    const reply = await createPost(w, thread.id, w.as.kollege, [photo()]);
    const keys = [
      ...keysOfMedia(thread.posts[0]?.forumPostMedia ?? []),
      ...keysOfMedia(reply.forumPostMedia),
    ];
    expect(keys).toHaveLength(5);
    const before = await forumRows(w);

    expect((await remove(w, FORUM_API.thread(thread.id), w.as.admin)).statusCode).toBe(204);
    expect(await forumRows(w)).toEqual({
      ...before,
      threads: before.threads - 1,
      posts: before.posts - 2,
      media: before.media - 3,
    });
    const files = storedFiles(w.t);
    for (const key of keys) expect(files).not.toContain(key);
  });

  it('should remove every thread, post, attachment row and file of a deleted forum', async () => {
    const forum = await createForum(w, 'Mit Anhängen');
    const one = await createThread(w, forum.id, w.as.mitglied, [logo()]);
    const two = await createThread(w, forum.id, w.as.kollege, [leaflet()]);
    const reply = await createPost(w, one.id, w.as.admin, [photo()]);
    const keys = [one.posts[0], two.posts[0], reply].flatMap((post) =>
      keysOfMedia(post?.forumPostMedia ?? []),
    );
    expect(keys).toHaveLength(5);
    const other = await createThread(w, forumId, w.as.mitglied, [logo()]);
    const before = await forumRows(w);

    expect((await remove(w, FORUM_API.byId(forum.id), w.as.admin)).statusCode).toBe(204);
    expect(await forumRows(w)).toEqual({
      forums: before.forums - 1,
      threads: before.threads - 2,
      posts: before.posts - 3,
      media: before.media - 3,
    });
    const files = storedFiles(w.t);
    for (const key of keys) expect(files).not.toContain(key);
    expect(files).toEqual(expect.arrayContaining(keysOfMedia(other.posts[0]?.forumPostMedia ?? [])));
  });

  it('should leave no orphan file when a thread is deleted while replies with files are written', async () => {
    const thread = await createThread(w, forumId, w.as.mitglied, [logo()]);
    // The deletion starts once the replies have stored some of their files: some may be written before it.
    const { storage } = w.t.app;
    const put = storage.put.bind(storage);
    let deletion: ReturnType<typeof remove> | undefined;
    let puts = 0;
    vi.spyOn(storage, 'put').mockImplementation(async (key, data) => {
      await put(key, data);
      puts += 1;
      if (puts === 9) deletion = remove(w, FORUM_API.thread(thread.id), w.as.admin);
    });
    const replies = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        savePost(w, w.as.kollege, thread.id, { content: `<p>Antwort ${n}</p>` }, [logo(), leaflet()]),
      ),
    );
    vi.restoreAllMocks();
    expect((await deletion)?.statusCode).toBe(204);
    for (const reply of replies) expect([200, 404]).toContain(reply.statusCode);
    expect(
      (await w.t.app.inject({ url: FORUM_API.thread(thread.id), headers: w.as.mitglied })).statusCode,
    ).toBe(404);
    expect(await orphans(w)).toEqual({ files: [], rows: [] });
  });

  it('should leave every stored file referred to by an attachment and the other way round', async () => {
    expect(await orphans(w)).toEqual({ files: [], rows: [] });
  });
});
