import {
  FORUM_API,
  type TForum,
  type TForumPost,
  type TForumSummary,
  type TForumThread,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld } from '../helpers/world.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await createDemoWorld();
});
afterAll(() => w.close());

describe('the demo forums', () => {
  it('should give the demo member two forums with threads, replies, a picture and a PDF', async () => {
    const headers = await w.login('mitglied');
    const forums = await w.json<TForumSummary[]>(FORUM_API.list, headers);
    expect(forums.map((forum) => forum.name)).toEqual(['Allgemeiner Austausch', 'Technik & Normen']);
    expect(forums.every((forum) => forum.threadCount === 2)).toBe(true);

    const posts: TForumPost[] = [];
    for (const forum of forums) {
      const detail = await w.json<TForum>(FORUM_API.byId(forum.id), headers);
      expect(detail.threads.some((thread) => thread.replyCount > 0)).toBe(true);
      for (const summary of detail.threads) {
        posts.push(...(await w.json<TForumThread>(FORUM_API.thread(summary.id), headers)).posts);
      }
    }
    expect(new Set(posts.map((post) => post.author?.username))).toEqual(new Set(['admin', 'mitglied']));
    const image = posts.flatMap((post) => post.forumPostMediaImages);
    const pdf = posts.flatMap((post) => post.forumPostMediaFiles);
    expect(image.map((file) => file.originalFilename)).toEqual(['logo.png']);
    expect(pdf.map((file) => file.originalFilename)).toEqual(['merkblatt.pdf']);
    for (const url of [image[0]?.filePath, image[0]?.fileThumbnailPath, pdf[0]?.filePath]) {
      expect((await w.app.inject({ url: url ?? '' })).statusCode).toBe(200);
    }
  });

  it('should keep the forums from the partner', async () => {
    const headers = await w.login('partner');
    expect((await w.app.inject({ url: FORUM_API.list, headers })).statusCode).toBe(403);
  });
});
