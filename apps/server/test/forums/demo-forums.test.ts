import {
  FORUM_API,
  type TForum,
  type TForumPost,
  type TForumSummary,
  type TForumThread,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/cli/demo-data.ts';
import { bearer, login } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const { app } = t;
  expect(
    await seedDemoData(app.accounts, { db: app.database.db, storage: app.storage, signer: app.signer }),
  ).toBe(true);
});
afterAll(() => t.close());

async function get<T>(url: string, headers: Record<string, string>): Promise<T> {
  const response = await t.app.inject({ url, headers });
  expect(response.statusCode).toBe(200);
  return response.json<T>();
}

describe('the demo forums', () => {
  it('should give the demo member two forums with threads, replies, a picture and a PDF', async () => {
    const headers = bearer(await login(t.app, 'mitglied'));
    const forums = await get<TForumSummary[]>(FORUM_API.list, headers);
    expect(forums.map((forum) => forum.name)).toEqual(['Allgemeiner Austausch', 'Technik & Normen']);
    expect(forums.every((forum) => forum.threadCount === 2)).toBe(true);

    const posts: TForumPost[] = [];
    for (const forum of forums) {
      const detail = await get<TForum>(FORUM_API.byId(forum.id), headers);
      expect(detail.threads.some((thread) => thread.replyCount > 0)).toBe(true);
      for (const summary of detail.threads) {
        posts.push(...(await get<TForumThread>(FORUM_API.thread(summary.id), headers)).posts);
      }
    }
    expect(new Set(posts.map((post) => post.author?.username))).toEqual(new Set(['admin', 'mitglied']));
    const image = posts.flatMap((post) => post.forumPostMediaImages);
    const pdf = posts.flatMap((post) => post.forumPostMediaFiles);
    expect(image.map((file) => file.originalFilename)).toEqual(['logo.png']);
    expect(pdf.map((file) => file.originalFilename)).toEqual(['merkblatt.pdf']);
    for (const url of [image[0]?.filePath, image[0]?.fileThumbnailPath, pdf[0]?.filePath]) {
      expect((await t.app.inject({ url: url ?? '' })).statusCode).toBe(200);
    }
  });

  it('should keep the forums from the partner', async () => {
    const headers = bearer(await login(t.app, 'partner'));
    expect((await t.app.inject({ url: FORUM_API.list, headers })).statusCode).toBe(403);
  });
});
