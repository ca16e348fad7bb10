import path from 'node:path';
import { FORUM_API, FORUM_MESSAGES, MESSAGES } from '@portal/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixture, storedFiles, type Upload } from '../helpers/world.ts';
import {
  createForum,
  createForumWorld,
  createThread,
  type ForumWorld,
  forumRows,
  leaflet,
  logo,
  photo,
  savePost,
  saveThread,
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

const content = { content: '<p>Mit Anhang</p>' };
const thread = { name: 'Mit Anhang', ...content };

/** Runs the request and asserts that no row and no file (temp files included) was added. */
async function expectNothingStored<R>(request: () => Promise<R>): Promise<R> {
  const rows = await forumRows(w);
  const files = storedFiles(w.t);
  const response = await request();
  expect(await forumRows(w)).toEqual(rows);
  expect(storedFiles(w.t)).toEqual(files);
  return response;
}

const refused: [string, string][] = [
  ['images/fake.png', 'image/png'],
  ['images/script.svg', 'image/svg+xml'],
  ['images/animiert.gif', 'image/gif'],
  ['docs/fake.pdf', 'application/pdf'],
];
const upload = (name: string, type: string): Upload => ({
  filename: path.basename(name),
  data: fixture(name),
  type,
});

describe('refused attachments', () => {
  it.each(refused)('should refuse %s on a new thread with 415 and store nothing', async (name, type) => {
    const response = await expectNothingStored(() =>
      saveThread(w, w.as.mitglied, forumId, thread, [upload(name, type)]),
    );
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: FORUM_MESSAGES.mediaType });
  });

  it.each(refused)('should refuse %s on a reply with 415 and store nothing', async (name, type) => {
    const response = await expectNothingStored(() =>
      savePost(w, w.as.kollege, threadId, content, [upload(name, type)]),
    );
    expect(response.statusCode).toBe(415);
  });

  it('should refuse the whole post when one of several files is refused, storing none of them', async () => {
    const files = [logo(), photo(), upload('docs/fake.pdf', 'application/pdf'), leaflet()];
    const response = await expectNothingStored(() => savePost(w, w.as.kollege, threadId, content, files));
    expect(response.statusCode).toBe(415);
  });

  it('should word the refusal in German', () => {
    expect(FORUM_MESSAGES.mediaType).toBe('Erlaubt sind Bilder (PNG, JPEG) und PDF-Dateien.');
  });

  it('should refuse more than 10 files with 400 and store nothing', async () => {
    const files = Array.from({ length: 11 }, () => logo());
    const response = await expectNothingStored(() => savePost(w, w.as.kollege, threadId, content, files));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: FORUM_MESSAGES.tooManyMedia,
      errors: { forumPostMedia: FORUM_MESSAGES.tooManyMedia },
    });
  });

  it('should refuse text in an attachment field with 400', async () => {
    const response = await expectNothingStored(() =>
      w.t.app.inject({
        method: 'POST',
        url: FORUM_API.savePost,
        headers: w.as.kollege,
        payload: { forumPost: content, forumThreadId: threadId, 'forumPostMedia[0]': 'kein Anhang' },
      }),
    );
    expect(response.statusCode).toBe(400);
  });

  it('should store nothing when the post is invalid, the thread unknown or the user refused', async () => {
    const blank = await expectNothingStored(() =>
      savePost(w, w.as.kollege, threadId, { content: '<p></p>' }, [logo()]),
    );
    expect(blank.statusCode).toBe(400);
    const unknown = await expectNothingStored(() => savePost(w, w.as.kollege, 999_999, content, [logo()]));
    expect(unknown.statusCode).toBe(404);
    const partner = await expectNothingStored(() => savePost(w, w.as.partner, threadId, content, [logo()]));
    expect(partner.statusCode).toBe(403);
    const forum = await expectNothingStored(() => saveThread(w, w.as.mitglied, 999_999, thread, [logo()]));
    expect(forum.statusCode).toBe(404);
  });
});

describe('failures after the files were stored', () => {
  it('should remove the stored files when the thread is deleted while the reply uploads', async () => {
    const doomed = await createThread(w, forumId);
    const { storage, database } = { storage: w.t.app.storage, database: w.t.database };
    const put = storage.put.bind(storage);
    let deleted = false;
    vi.spyOn(storage, 'put').mockImplementation(async (key, data) => {
      await put(key, data);
      if (deleted) return;
      deleted = true;
      await database.db.deleteFrom('forumPosts').where('threadId', '=', doomed.id).execute();
      await database.db.deleteFrom('forumThreads').where('id', '=', doomed.id).execute();
    });
    const rows = await forumRows(w);
    const files = storedFiles(w.t);
    const response = await savePost(w, w.as.kollege, doomed.id, content, [logo(), leaflet()]);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: FORUM_MESSAGES.threadNotFound });
    expect(storage.put).toHaveBeenCalledTimes(3);
    expect(await forumRows(w)).toEqual({ ...rows, threads: rows.threads - 1, posts: rows.posts - 1 });
    expect(storedFiles(w.t)).toEqual(files);
  });

  it('should remove the files already stored when storing another one fails, and save no post', async () => {
    const { storage } = w.t.app;
    const put = storage.put.bind(storage);
    let calls = 0;
    vi.spyOn(storage, 'put').mockImplementation(async (key, data) => {
      calls += 1;
      if (calls === 3) throw new Error('disk full');
      await put(key, data);
    });
    const response = await expectNothingStored(() =>
      saveThread(w, w.as.mitglied, forumId, thread, [logo(), photo(), leaflet()]),
    );
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: MESSAGES.internal });
    expect(calls).toBe(3);
  });
});

describe('the upload size limit', () => {
  let small: ForumWorld;
  beforeAll(async () => {
    small = await createForumWorld({ UPLOAD_LIMIT_MB: '1' });
  });
  afterAll(() => small.t.close());

  it('should refuse a file over UPLOAD_LIMIT_MB with 413 and store nothing', async () => {
    const forum = await createForum(small);
    const target = await createThread(small, forum.id);
    const rows = await forumRows(small);
    const big = {
      filename: 'gross.pdf',
      data: Buffer.concat([fixture('docs/merkblatt.pdf'), Buffer.alloc(1024 * 1024)]),
    };
    const response = await savePost(small, small.as.kollege, target.id, content, [logo(), big]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: MESSAGES.tooLarge });
    expect(await forumRows(small)).toEqual(rows);
    expect(storedFiles(small.t)).toEqual([]);
  });
});
