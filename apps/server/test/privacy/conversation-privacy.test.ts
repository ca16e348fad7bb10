/**
 * Issue 37 point 6: a member's reactions and notifications are in their export and go with their erasure; the
 * notifications they caused stay with the others, without them ('Ehemaliges Mitglied').
 */
import { APP_PATHS, CONVERSATION_API, type TForumPost, type TPostReactionPeople } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savePost } from '../forums/forum-helpers.ts';
import { buildForum, buildThread } from '../helpers/builders-forums-media.ts';
import { userId } from '../helpers/factories.ts';
import { itemsOf, storedNotices } from '../notifications/centre-helpers.ts';
import { createPrivacyWorld, erase, erasuresOf, exportOf, type PrivacyWorld } from './privacy-helpers.ts';

let w: PrivacyWorld;
let threadId: number;
let kollegePost: number;
let mitgliedPost: number;
let forumId: number;

const mention = (id: number) => `<a href="/personen/${id}" data-mention="${id}">@Name</a>`;

beforeAll(async () => {
  w = await createPrivacyWorld();
  forumId = (await buildForum(w, { name: 'Technik' })).id;
  const kollege = await userId(w, 'kollege');
  const mitglied = await userId(w, 'mitglied');
  const thread = await buildThread(w, { forumId, name: 'Glaspreise 2027', posts: [{ authorId: kollege }] });
  threadId = thread.id;
  kollegePost = thread.postIds[0] ?? 0;
  // mitglied reacts to kollege's post and mentions kollege; kollege mentions mitglied
  const put = (postId: number, kind: string) =>
    w.t.app.inject({
      method: 'PUT',
      url: CONVERSATION_API.reaction(postId),
      headers: w.as.mitglied,
      payload: { kind, on: true },
    });
  expect((await put(kollegePost, 'thanks')).statusCode).toBe(200);
  const own = await savePost(w, w.as.mitglied, threadId, { content: `<p>Danke ${mention(kollege)}</p>` });
  mitgliedPost = own.json<TForumPost>().id;
  const back = await savePost(w, w.as.kollege, threadId, { content: `<p>Gern ${mention(mitglied)}</p>` });
  expect(back.statusCode).toBe(200);
});
afterAll(() => w.close());

describe('the export (issue 37)', () => {
  it("should hold the member's reactions and notifications, naming nobody else", async () => {
    const data = await exportOf(w, w.as.mitglied);
    expect(data.reactions).toEqual([
      {
        postId: kollegePost,
        threadId,
        thread: 'Glaspreise 2027',
        kind: 'thanks',
        createdAt: expect.any(String),
      },
    ]);
    expect(data.notifications).toEqual([
      {
        kind: 'mention',
        createdAt: expect.any(String),
        read: false,
        text: 'Ein Mitglied hat Sie in „Glaspreise 2027“ erwähnt.',
        link: expect.stringContaining(APP_PATHS.thread(forumId, threadId)),
      },
    ]);
    expect(data.notificationSettings).toEqual({ forumReplies: true, digest: 'daily', mentions: true });
    expect(JSON.stringify(data.notifications)).not.toContain('kollege');
  });
});

describe('the erasure (issue 37)', () => {
  let id: number;
  beforeAll(async () => {
    id = await userId(w, 'mitglied');
    const response = await erase(w, w.as.admin, id);
    expect(response.statusCode).toBe(204);
  });

  it('should delete their reactions and the notifications they received', async () => {
    const people = await w.t.app.inject({
      url: CONVERSATION_API.reactions(kollegePost),
      headers: w.as.kollege,
    });
    expect(people.json<TPostReactionPeople>()).toEqual({ reactions: [] });
    const rows = await w.t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('recipientId', '=', id)
      .execute();
    expect(rows).toEqual([]);
    const mentions = await w.t.database.db
      .selectFrom('forumPostMentions')
      .selectAll()
      .where('userId', '=', id)
      .execute();
    expect(mentions).toEqual([]);
  });

  it("should keep the notifications they caused, as 'Ehemaliges Mitglied'", async () => {
    const items = await itemsOf(w, w.as.kollege);
    const caused = items.filter((item) => item.link.includes(`post=${mitgliedPost}`));
    expect(caused.map((item) => [item.kind, item.actor, item.text])).toEqual([
      ['mention', null, 'Ehemaliges Mitglied hat Sie in „Glaspreise 2027“ erwähnt.'],
    ]);
    // the reaction notification stays too, its actor gone
    const reaction = (await storedNotices(w, 'kollege')).find((row) => row.kind === 'reaction');
    expect(reaction?.actorId).toBeNull();
  });

  it('should count reactions and notifications in the audit entry', async () => {
    const [entry] = await erasuresOf(w, id);
    expect(JSON.parse(entry?.changes ?? 'null')).toMatchObject({
      reactions: { before: 1, after: 0 },
      notifications: { before: 1, after: 0 },
    });
  });
});
