import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BLOG_API, BLOG_MESSAGES, MESSAGES, type TBlog, type TBlogFormData } from '@portal/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWorld,
  fixture,
  keyOf,
  rowCounts,
  storageRoot,
  storedFiles,
  type World,
} from '../helpers/world.ts';
import { createPost, postInput, savePost } from './blog-helpers.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());

const blogRows = () => rowCounts(w.t, ['blogPosts', 'blogPostGroups', 'blogPostTags']);

const logo = () => ({ filename: 'logo.png', data: fixture('images/logo.png'), type: 'image/png' });

describe('POST /api/blog/', () => {
  it('should create a post with sanitised rich text, trimmed tags and the admin as author', async () => {
    const response = await savePost(
      w,
      w.as.admin,
      postInput(w, {
        title: '  Glastage 2026 ',
        preText: '<p onclick="x()">Vorab <a href="javascript:alert(1)">Link</a></p><script>alert(1)</script>',
        content: '<h1>Programm</h1><p><a href="/mediaLibrary/Dokumente/Merkblatt.pdf">Merkblatt</a></p>',
        visibleForUserGroups: [w.groups.gf, w.groups.mitglieder, w.groups.gf],
        tags: [' Messe ', 'Technik', 'Messe', ''],
      }),
    );
    expect(response.statusCode).toBe(200);
    const post = response.json<TBlog>();
    expect(post).toMatchObject({
      title: 'Glastage 2026',
      preText: '<p>Vorab <a>Link</a></p>',
      content: '<h2>Programm</h2><p><a href="/mediaLibrary/Dokumente/Merkblatt.pdf">Merkblatt</a></p>',
      visibleForUserGroups: [w.groups.mitglieder, w.groups.gf].sort((a, b) => a - b),
      displayOnDashboard: true,
      tags: ['Messe', 'Technik'],
      author: { username: 'admin' },
      image: null,
      imagePath: null,
      scheduled: false,
    });
    const read = await w.t.app.inject({ url: BLOG_API.byId(post.id), headers: w.as.mitglied });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(post);
  });

  it('should accept the blog as a JSON body too, and store displayOnDashboard', async () => {
    const response = await w.t.app.inject({
      method: 'POST',
      url: BLOG_API.save,
      headers: w.as.admin,
      payload: { blog: postInput(w, { displayOnDashboard: false }) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ displayOnDashboard: false });
  });

  it('should refuse NUL characters, which PostgreSQL cannot store, and save nothing', async () => {
    const before = await w.t.database.db.selectFrom('blogPosts').select('id').execute();
    const response = await savePost(
      w,
      w.as.admin,
      postInput(w, { title: 'Null\u0000byte', tags: ['T\u0000ag'] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: MESSAGES.invalidCharacters });
    expect(await w.t.database.db.selectFrom('blogPosts').select('id').execute()).toEqual(before);
  });

  it('should refuse a request without token with 401', async () => {
    const response = await savePost(w, {}, postInput(w));
    expect(response.statusCode).toBe(401);
  });

  it.each(['mitglied', 'partner', 'chef'] as const)(
    'should refuse %s with 403 and write nothing',
    async (user) => {
      const before = await blogRows();
      const response = await savePost(w, w.as[user], postInput(w), logo());
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: MESSAGES.forbidden });
      expect(await blogRows()).toEqual(before);
    },
  );

  it.each([
    ['title', { title: '  ' }, BLOG_MESSAGES.titleRequired],
    ['title', { title: undefined }, BLOG_MESSAGES.titleRequired],
    ['preText', { preText: '' }, BLOG_MESSAGES.preTextRequired],
    ['preText', { preText: '<p></p>' }, BLOG_MESSAGES.preTextRequired],
    ['content', { content: undefined }, BLOG_MESSAGES.contentRequired],
    ['content', { content: '<p> <script>x</script></p>' }, BLOG_MESSAGES.contentRequired],
    ['visibleForUserGroups', { visibleForUserGroups: [] }, BLOG_MESSAGES.visibilityRequired],
    ['visibleForUserGroups', { visibleForUserGroups: undefined }, BLOG_MESSAGES.visibilityRequired],
    ['visibleForUserGroups', { visibleForUserGroups: [999_999] }, BLOG_MESSAGES.unknownGroup],
    ['publishedAt', { publishedAt: undefined }, BLOG_MESSAGES.publishedAtRequired],
    ['publishedAt', { publishedAt: '' }, BLOG_MESSAGES.publishedAtRequired],
    ['publishedAt', { publishedAt: '31.12.2026' }, BLOG_MESSAGES.publishedAtInvalid],
    ['tags', { tags: ['x'.repeat(51)] }, BLOG_MESSAGES.tagTooLong],
  ])(
    'should refuse a missing or invalid %s with 400 and its German message',
    async (name, change, message) => {
      const before = await blogRows();
      const response = await savePost(w, w.as.admin, postInput(w, change), logo());
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.detail).toBe(message);
      expect(Object.entries(body.errors).find(([key]) => key.startsWith(`blog.${name}`))?.[1]).toBe(message);
      expect(await blogRows()).toEqual(before);
    },
  );

  it('should report every missing field at once', async () => {
    const response = await savePost(w, w.as.admin, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      'blog.title': BLOG_MESSAGES.titleRequired,
      'blog.preText': BLOG_MESSAGES.preTextRequired,
      'blog.content': BLOG_MESSAGES.contentRequired,
      'blog.visibleForUserGroups': BLOG_MESSAGES.visibilityRequired,
      'blog.publishedAt': BLOG_MESSAGES.publishedAtRequired,
    });
  });

  it('should refuse a blog field that is no JSON with 400', async () => {
    const response = await savePost(w, w.as.admin, '{"title": ');
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBeTypeOf('string');
  });

  it('should answer 404 when updating a post that does not exist, storing nothing', async () => {
    const files = storedFiles(w.t);
    const response = await savePost(w, w.as.admin, postInput(w, { id: 999_999 }), logo());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: BLOG_MESSAGES.notFound });
    expect(storedFiles(w.t)).toEqual(files);
  });

  it('should update a post and keep its author', async () => {
    const post = await createPost(w, { title: 'Alt', tags: ['A'] });
    const response = await savePost(w, w.as.admin, {
      ...postInput(w, { id: post.id, title: 'Neu', tags: ['B'] }),
      visibleForUserGroups: [w.groups.partner],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: post.id,
      title: 'Neu',
      tags: ['B'],
      visibleForUserGroups: [w.groups.partner],
      author: { username: 'admin' },
    });
    const hidden = await w.t.app.inject({ url: BLOG_API.byId(post.id), headers: w.as.mitglied });
    expect(hidden.statusCode).toBe(404);
  });
});

describe('the picture of a post', () => {
  it('should store a PNG and serve it through a signed URL', async () => {
    const post = await createPost(w, {}, logo());
    expect(post.imagePath).toBe('logo.png');
    expect(post.image).toMatch(/^\/api\/files\/blog\/\d{4}\/[0-9a-f-]{36}\.png\?expires=\d+&signature=/);
    const download = await w.t.app.inject({ url: post.image ?? '' });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    const meta = await sharp(download.rawPayload).metadata();
    expect(meta.format).toBe('png');
  });

  it('should remove the GPS position and every other EXIF datum from a photo', async () => {
    const original = fixture('images/foto-exif-gps.jpg');
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const post = await createPost(
      w,
      {},
      { filename: 'foto-exif-gps.jpg', data: original, type: 'image/jpeg' },
    );
    expect(post.image).toMatch(/\.jpg\?/);
    const stored = readFileSync(path.join(storageRoot(w.t), keyOf(post.image)));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('GPS'))).toBe(false);
  });

  it.each([
    ['images/fake.png', 'image/png'],
    ['images/script.svg', 'image/svg+xml'],
    ['images/animiert.gif', 'image/gif'],
    ['docs/merkblatt.pdf', 'application/pdf'],
  ])('should refuse %s with 415 and store nothing', async (name, type) => {
    const before = await blogRows();
    const files = storedFiles(w.t);
    const response = await savePost(w, w.as.admin, postInput(w), {
      filename: path.basename(name).replace(/\.\w+$/, '.png'),
      data: fixture(name),
      type,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: BLOG_MESSAGES.imageType });
    expect(await blogRows()).toEqual(before);
    expect(storedFiles(w.t)).toEqual(files);
  });

  it('should keep the picture on an update without a file, replace it with a new one and remove it with image: null', async () => {
    const post = await createPost(w, {}, logo());
    const first = keyOf(post.image);

    const kept = await savePost(w, w.as.admin, { ...postInput(w), id: post.id, image: post.image });
    expect(kept.statusCode).toBe(200);
    expect(keyOf(kept.json<TBlog>().image)).toBe(first);

    const photo = { filename: 'foto.jpg', data: fixture('images/foto-exif-gps.jpg'), type: 'image/jpeg' };
    const replaced = await savePost(w, w.as.admin, { ...postInput(w), id: post.id }, photo);
    expect(replaced.statusCode).toBe(200);
    const second = keyOf(replaced.json<TBlog>().image);
    expect(replaced.json()).toMatchObject({ imagePath: 'foto.jpg' });
    expect(storedFiles(w.t)).toContain(second);
    expect(storedFiles(w.t)).not.toContain(first);

    const removed = await savePost(w, w.as.admin, { ...postInput(w), id: post.id, image: null });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ image: null, imagePath: null });
    expect(storedFiles(w.t)).not.toContain(second);
  });

  it('should not store the picture when the post cannot be saved', async () => {
    const files = storedFiles(w.t);
    const response = await savePost(w, w.as.admin, postInput(w, { visibleForUserGroups: [999_999] }), logo());
    expect(response.statusCode).toBe(400);
    expect(storedFiles(w.t)).toEqual(files);
  });
});

describe('DELETE /api/blog/{id}', () => {
  it('should delete the post and its picture', async () => {
    const post = await createPost(w, {}, logo());
    const key = keyOf(post.image);
    const response = await w.t.app.inject({
      method: 'DELETE',
      url: BLOG_API.byId(post.id),
      headers: w.as.admin,
    });
    expect(response.statusCode).toBe(204);
    expect((await w.t.app.inject({ url: BLOG_API.byId(post.id), headers: w.as.admin })).statusCode).toBe(404);
    expect(storedFiles(w.t)).not.toContain(key);
    const again = await w.t.app.inject({
      method: 'DELETE',
      url: BLOG_API.byId(post.id),
      headers: w.as.admin,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: BLOG_MESSAGES.notFound });
  });

  it.each(['mitglied', 'partner'] as const)('should refuse %s with 403 and keep the post', async (user) => {
    const post = await createPost(w);
    const response = await w.t.app.inject({
      method: 'DELETE',
      url: BLOG_API.byId(post.id),
      headers: w.as[user],
    });
    expect(response.statusCode).toBe(403);
    expect((await w.t.app.inject({ url: BLOG_API.byId(post.id), headers: w.as.admin })).statusCode).toBe(200);
  });

  it('should refuse a request without token with 401', async () => {
    const post = await createPost(w);
    expect((await w.t.app.inject({ method: 'DELETE', url: BLOG_API.byId(post.id) })).statusCode).toBe(401);
  });
});

describe('GET /api/blog/formData', () => {
  // A world of its own, so that the tags in use are exactly these, whatever the other tests saved.
  let w: World;
  beforeAll(async () => {
    w = await createWorld();
    await createPost(w, {
      visibleForUserGroups: [w.groups.gf, w.groups.mitglieder],
      tags: ['Messe', 'Technik'],
    });
    await createPost(w, { visibleForUserGroups: [w.groups.gf], tags: ['Vorstand'] });
  });
  afterAll(() => w.close());

  it('should list the groups, the default groups and the tags in use', async () => {
    const response = await w.t.app.inject({ url: BLOG_API.formData, headers: w.as.admin });
    expect(response.statusCode).toBe(200);
    const data = response.json<TBlogFormData>();
    expect(data.userGroups).toEqual([
      { id: w.groups.gf, name: 'Geschäftsführung' },
      { id: w.groups.mitglieder, name: 'Mitglieder' },
      { id: w.groups.partner, name: 'Partner' },
    ]);
    expect(data.defaultUserGroups).toEqual([w.groups.mitglieder, w.groups.partner].sort((a, b) => a - b));
    expect(data.tags).toEqual(expect.arrayContaining(['Messe', 'Technik', 'Vorstand']));
  });

  it('should key the groups by id with keyed=true, and limit the tags to a list with ceo', async () => {
    const response = await w.t.app.inject({
      url: `${BLOG_API.formData}?keyed=true&ceo=true`,
      headers: w.as.admin,
    });
    expect(response.statusCode).toBe(200);
    const data = response.json<TBlogFormData>();
    expect(data.userGroups).toEqual({
      [w.groups.gf]: { id: w.groups.gf, name: 'Geschäftsführung' },
      [w.groups.mitglieder]: { id: w.groups.mitglieder, name: 'Mitglieder' },
      [w.groups.partner]: { id: w.groups.partner, name: 'Partner' },
    });
    expect(data.tags).toEqual(['Messe', 'Technik', 'Vorstand']);
    const plain = await w.t.app.inject({ url: `${BLOG_API.formData}?ceo=false`, headers: w.as.admin });
    expect(plain.json<TBlogFormData>().tags).not.toContain('Vorstand');
  });

  it.each(['mitglied', 'chef', 'partner'] as const)('should refuse %s with 403', async (user) => {
    const response = await w.t.app.inject({ url: BLOG_API.formData, headers: w.as[user] });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: MESSAGES.forbidden });
  });

  it('should refuse a request without token with 401', async () => {
    expect((await w.t.app.inject({ url: BLOG_API.formData })).statusCode).toBe(401);
  });
});
