import { DASHBOARD_API, RICH_TEXT_MAX_DEPTH, RICH_TEXT_MESSAGES } from '@portal/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postInput, savePost as saveBlogPost } from '../blog/blog-helpers.ts';
import { createCategory, saveCategory } from '../categories/category-helpers.ts';
import { saveContent } from '../content/content-helpers.ts';
import { eventInput, saveEvent } from '../events/event-helpers.ts';
import {
  createForum,
  createForumWorld,
  createThread,
  type ForumWorld,
  saveForum,
  savePost,
  saveThread,
} from '../forums/forum-helpers.ts';
import { rowCounts } from '../helpers/world.ts';

// Issue 30, point 2: every rich-text field refuses text nested deeper than RICH_TEXT_MAX_DEPTH with a German
// 400 naming the field, and writes nothing; at the limit it is saved.

const nested = (depth: number) => `${'<b>'.repeat(depth)}tief${'</b>'.repeat(depth)}`;
const TOO_DEEP = nested(RICH_TEXT_MAX_DEPTH + 1);

let w: ForumWorld;
let forumId: number;
let threadId: number;
let categoryId: number;
beforeAll(async () => {
  w = await createForumWorld();
  forumId = (await createForum(w)).id;
  threadId = (await createThread(w, forumId)).id;
  categoryId = await createCategory(w, { name: 'Normen' });
});
afterAll(() => w.close());

const TABLES = [
  'blogPosts',
  'contentItems',
  'contentCategories',
  'events',
  'forums',
  'forumThreads',
  'forumPosts',
  'settings',
] as const;

/** Each entry point with a text of its rich-text field, and the field an error names. */
const ENTRY_POINTS: {
  name: string;
  field: string;
  save: (html: string) => Promise<LightMyRequestResponse>;
}[] = [
  {
    name: 'a blog pre-text',
    field: 'blog.preText',
    save: (html) => saveBlogPost(w, w.as.admin, postInput(w, { preText: html })),
  },
  {
    name: 'a blog post',
    field: 'blog.content',
    save: (html) => saveBlogPost(w, w.as.admin, postInput(w, { content: html })),
  },
  {
    name: 'a content pre-text',
    field: 'content.preText',
    save: (html) => saveContent(w, w.as.admin, { title: 'Eintrag', categories: [categoryId], preText: html }),
  },
  {
    name: 'a content post-text',
    field: 'content.postText',
    save: (html) =>
      saveContent(w, w.as.admin, { title: 'Eintrag', categories: [categoryId], postText: html }),
  },
  {
    name: 'an event description',
    field: 'event.description',
    save: (html) => saveEvent(w, w.as.admin, eventInput({ description: html })),
  },
  {
    name: 'a forum description',
    field: 'forum.description',
    save: (html) => saveForum(w, w.as.admin, { name: 'Tief', description: html }),
  },
  {
    name: "a thread's first post",
    field: 'forumThread.content',
    save: (html) => saveThread(w, w.as.mitglied, forumId, { name: 'Tief', content: html }),
  },
  {
    name: 'a reply',
    field: 'forumPost.content',
    save: (html) => savePost(w, w.as.mitglied, threadId, { content: html }),
  },
  {
    name: 'a category description',
    field: 'contentCategory.description',
    save: (html) =>
      saveCategory(w, w.as.admin, {
        name: 'Tief',
        type: 'content',
        visibleForUserGroups: [w.groups.mitglieder],
        description: html,
      }),
  },
  {
    name: 'the dashboard intro',
    field: 'html',
    save: (html) =>
      w.app.inject({ method: 'PUT', url: DASHBOARD_API.intro, headers: w.as.admin, payload: { html } }),
  },
];

describe('rich text nested too deep', () => {
  for (const entry of ENTRY_POINTS) {
    it(`should refuse ${entry.name} with 400 and write nothing`, async () => {
      const before = await rowCounts(w.t, TABLES);
      const response = await entry.save(`<p>${TOO_DEEP}</p>`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail: RICH_TEXT_MESSAGES.tooDeep,
        errors: { [entry.field]: RICH_TEXT_MESSAGES.tooDeep },
      });
      expect(await rowCounts(w.t, TABLES)).toEqual(before);
    });

    it(`should save ${entry.name} nested as deep as allowed`, async () => {
      const response = await entry.save(nested(RICH_TEXT_MAX_DEPTH));
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(nested(RICH_TEXT_MAX_DEPTH).replaceAll('"', '\\"'));
    });
  }
});
