import {
  APP_PATHS,
  CONVERSATION_API,
  CONVERSATION_MESSAGES,
  FORUM_MESSAGES,
  MESSAGES,
  type TPostReactionPeople,
  type TPostReactions,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildForum, buildThread } from '../helpers/builders-forums-media.ts';
import { createUser, userId } from '../helpers/factories.ts';
import type { Headers } from '../helpers/world.ts';
import { itemsOf, storedNotices } from '../notifications/centre-helpers.ts';
import { buildMemberThread, createForumWorld, type ForumWorld, readThread } from './forum-helpers.ts';

let w: ForumWorld;
let forumId: number;
beforeAll(async () => {
  w = await createForumWorld();
  forumId = (await buildForum(w, { name: 'Technik & Normen' })).id;
  await w.t.database.db
    .updateTable('users')
    .set({ firstName: 'Karl', lastName: 'Kollege' })
    .where('username', '=', 'kollege')
    .execute();
});
afterAll(() => w.t.close());

function react(headers: Headers, postId: number | string, body: unknown) {
  return w.t.app.inject({
    method: 'PUT',
    url: CONVERSATION_API.reaction(postId),
    headers,
    payload: body as object,
  });
}

async function reacted(headers: Headers, postId: number, body: unknown): Promise<TPostReactions> {
  const response = await react(headers, postId, body);
  if (response.statusCode !== 200) throw new Error(`reaction: ${response.statusCode} ${response.body}`);
  return response.json<TPostReactions>();
}

const reactionRows = () => w.t.database.db.selectFrom('forumPostReactions').selectAll().execute();

describe('PUT /api/forumPost/{id}/reaction', () => {
  it('should turn the reaction on and off idempotently and answer the counts with mine', async () => {
    const { postIds } = await buildMemberThread(w, forumId, 1);
    const [, reply = 0] = postIds;
    expect(await reacted(w.as.kollege, reply, { kind: 'thanks', on: true })).toEqual({
      reactions: [{ kind: 'thanks', count: 1, mine: true }],
    });
    // on twice is one
    expect(await reacted(w.as.kollege, reply, { kind: 'thanks', on: true })).toEqual({
      reactions: [{ kind: 'thanks', count: 1, mine: true }],
    });
    expect(await reacted(w.as.mitglied, reply, { kind: 'helpful', on: true })).toEqual({
      reactions: [
        { kind: 'helpful', count: 1, mine: true },
        { kind: 'thanks', count: 1, mine: false },
      ],
    });
    expect(await reacted(w.as.admin, reply, { kind: 'thanks', on: true })).toEqual({
      reactions: [
        { kind: 'helpful', count: 1, mine: false },
        { kind: 'thanks', count: 2, mine: true },
      ],
    });
    expect(await reacted(w.as.kollege, reply, { kind: 'thanks', on: false })).toEqual({
      reactions: [
        { kind: 'helpful', count: 1, mine: false },
        { kind: 'thanks', count: 1, mine: false },
      ],
    });
    // off when none is fine
    expect(await reacted(w.as.kollege, reply, { kind: 'idea', on: false })).toEqual({
      reactions: [
        { kind: 'helpful', count: 1, mine: false },
        { kind: 'thanks', count: 1, mine: false },
      ],
    });
  });

  it("should carry the reactions in the thread's posts, mine for the reader", async () => {
    const { id, postIds } = await buildMemberThread(w, forumId, 2);
    const [first = 0, , last = 0] = postIds;
    await reacted(w.as.kollege, first, { kind: 'agree', on: true });
    await reacted(w.as.admin, first, { kind: 'agree', on: true });
    await reacted(w.as.admin, last, { kind: 'idea', on: true });
    const asKollege = await readThread(w, id, '', w.as.kollege);
    expect(asKollege.posts.map((post) => post.reactions)).toEqual([
      [{ kind: 'agree', count: 2, mine: true }],
      [],
      [{ kind: 'idea', count: 1, mine: false }],
    ]);
    const asAdmin = await readThread(w, id, '', w.as.admin);
    expect(asAdmin.posts[0]?.reactions).toEqual([{ kind: 'agree', count: 2, mine: true }]);
    expect(asAdmin.posts[2]?.reactions).toEqual([{ kind: 'idea', count: 1, mine: true }]);
  });

  it('should tell the author once per post and kind, however often it is toggled', async () => {
    await createUser(w.t.app, { username: 'autorin' });
    const autorin = await w.login('autorin');
    const thread = await buildThread(w, {
      forumId,
      name: 'Glaspreise 2027',
      posts: [{ authorId: await userId(w, 'mitglied') }, { authorId: await userId(w, 'autorin') }],
    });
    const [, post = 0] = thread.postIds;
    for (let i = 0; i < 5; i += 1) {
      await reacted(w.as.kollege, post, { kind: 'helpful', on: true });
      await reacted(w.as.kollege, post, { kind: 'helpful', on: false });
    }
    // someone else adding the same kind later: still one
    await reacted(w.as.admin, post, { kind: 'helpful', on: true });
    let items = await itemsOf(w, autorin);
    expect(items).toEqual([
      {
        id: expect.any(Number),
        kind: 'reaction',
        createdAt: expect.any(String),
        read: false,
        actor: { id: await userId(w, 'kollege'), username: 'kollege', name: 'Karl Kollege' },
        text: 'Karl Kollege findet Ihren Beitrag hilfreich: „Glaspreise 2027“',
        link: APP_PATHS.thread(forumId, thread.id, { page: 1, post }),
      },
    ]);
    // another kind is another notification
    await reacted(w.as.admin, post, { kind: 'thanks', on: true });
    items = await itemsOf(w, autorin);
    expect(items.map((item) => item.text)).toEqual([
      'admin bedankt sich für Ihren Beitrag: „Glaspreise 2027“',
      'Karl Kollege findet Ihren Beitrag hilfreich: „Glaspreise 2027“',
    ]);
  });

  it('should never tell the author of their own reaction, nor an author who can no longer read the forums', async () => {
    await createUser(w.t.app, { username: 'selbst' });
    await createUser(w.t.app, { username: 'gesperrt' });
    const selbst = await w.login('selbst');
    const own = await buildThread(w, { forumId, posts: [{ authorId: await userId(w, 'selbst') }] });
    await reacted(selbst, own.postIds[0] ?? 0, { kind: 'idea', on: true });
    expect(await storedNotices(w, 'selbst')).toEqual([]);

    const blocked = await buildThread(w, { forumId, posts: [{ authorId: await userId(w, 'gesperrt') }] });
    await w.t.database.db
      .updateTable('users')
      .set({ disabled: true })
      .where('username', '=', 'gesperrt')
      .execute();
    await reacted(w.as.kollege, blocked.postIds[0] ?? 0, { kind: 'idea', on: true });
    expect(await storedNotices(w, 'gesperrt')).toEqual([]);
  });

  it('should refuse a partner with 403 and a request without token with 401', async () => {
    const { postIds } = await buildMemberThread(w, forumId);
    const post = postIds[0] ?? 0;
    const partner = await react(w.as.partner, post, { kind: 'thanks', on: true });
    expect(partner.statusCode).toBe(403);
    expect(partner.json()).toEqual({ detail: MESSAGES.forbidden });
    expect((await react({}, post, { kind: 'thanks', on: true })).statusCode).toBe(401);
    expect(
      (await w.t.app.inject({ url: CONVERSATION_API.reactions(post), headers: w.as.partner })).statusCode,
    ).toBe(403);
    expect((await w.t.app.inject({ url: CONVERSATION_API.reactions(post) })).statusCode).toBe(401);
  });

  it.each([
    ['a kind that does not exist', { kind: 'love', on: true }, CONVERSATION_MESSAGES.reactionKind],
    ['a missing kind', { on: true }, CONVERSATION_MESSAGES.reactionKind],
    ['a missing on', { kind: 'thanks' }, CONVERSATION_MESSAGES.reactionOn],
    ['on as text', { kind: 'thanks', on: 'ja' }, CONVERSATION_MESSAGES.reactionOn],
  ])('should refuse %s with 400 in German and write nothing', async (_name, body, message) => {
    const { postIds } = await buildMemberThread(w, forumId);
    const before = (await reactionRows()).length;
    const response = await react(w.as.kollege, postIds[0] ?? 0, body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toBe(message);
    expect(await reactionRows()).toHaveLength(before);
  });

  it('should refuse fields it does not know and a post id that is no number with 400', async () => {
    const { postIds } = await buildMemberThread(w, forumId);
    const extra = await react(w.as.kollege, postIds[0] ?? 0, { kind: 'thanks', on: true, count: 5 });
    expect(extra.statusCode).toBe(400);
    expect(extra.json<{ detail: string }>().detail).not.toMatch(/unrecognized/i);
    expect((await react(w.as.kollege, 'abc', { kind: 'thanks', on: true })).statusCode).toBe(400);
  });

  it('should answer 404 in German for a post that does not exist', async () => {
    const response = await react(w.as.kollege, 999_999, { kind: 'thanks', on: true });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: FORUM_MESSAGES.postNotFound });
    const people = await w.t.app.inject({ url: CONVERSATION_API.reactions(999_999), headers: w.as.kollege });
    expect(people.statusCode).toBe(404);
  });

  it('should refuse a reaction to a reply its author deleted, whose reactions went with it', async () => {
    const { id, postIds } = await buildMemberThread(w, forumId, 1);
    const reply = postIds[1] ?? 0;
    await reacted(w.as.mitglied, reply, { kind: 'thanks', on: true });
    const deleted = await w.t.app.inject({
      method: 'DELETE',
      url: CONVERSATION_API.post(reply),
      headers: w.as.kollege,
    });
    expect(deleted.statusCode).toBe(204);
    const refused = await react(w.as.mitglied, reply, { kind: 'helpful', on: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: CONVERSATION_MESSAGES.postDeleted });
    expect((await reactionRows()).filter((row) => row.postId === reply)).toEqual([]);
    const page = await readThread(w, id, '', w.as.mitglied);
    expect(page.posts[1]).toMatchObject({ deleted: true, reactions: [] });
  });

  it('should count exactly when 20 members toggle at once', async () => {
    const { postIds } = await buildMemberThread(w, forumId);
    const post = postIds[0] ?? 0;
    const members: Headers[] = [];
    for (let i = 0; i < 20; i += 1) {
      await createUser(w.t.app, { username: `gleichzeitig${i}` });
      members.push(await w.login(`gleichzeitig${i}`));
    }
    const on = await Promise.all(
      members.map((headers) => react(headers, post, { kind: 'thanks', on: true })),
    );
    expect(on.map((response) => response.statusCode)).toEqual(members.map(() => 200));
    let all = await reacted(w.as.mitglied, post, { kind: 'idea', on: false });
    expect(all.reactions).toEqual([{ kind: 'thanks', count: 20, mine: false }]);
    // each twice at once, then half of them off while the others press on again
    await Promise.all(members.map((headers) => react(headers, post, { kind: 'helpful', on: true })));
    await Promise.all(
      members.flatMap((headers, i) => [
        react(headers, post, { kind: 'helpful', on: true }),
        react(headers, post, { kind: 'thanks', on: i % 2 === 0 }),
      ]),
    );
    all = await reacted(w.as.mitglied, post, { kind: 'idea', on: false });
    expect(all.reactions).toEqual([
      { kind: 'helpful', count: 20, mine: false },
      { kind: 'thanks', count: 10, mine: false },
    ]);
    // the author heard of each kind once
    expect(
      (await storedNotices(w, 'mitglied')).filter((row) => row.dedupeKey.startsWith(`reaction:${post}:`)),
    ).toHaveLength(2);
  });
});

describe('GET /api/forumPost/{id}/reactions', () => {
  it('should name who reacted how, per kind in the offered order, oldest first', async () => {
    const { postIds } = await buildMemberThread(w, forumId);
    const post = postIds[0] ?? 0;
    await reacted(w.as.kollege, post, { kind: 'thanks', on: true });
    await reacted(w.as.admin, post, { kind: 'thanks', on: true });
    await reacted(w.as.admin, post, { kind: 'helpful', on: true });
    const response = await w.t.app.inject({ url: CONVERSATION_API.reactions(post), headers: w.as.mitglied });
    expect(response.statusCode).toBe(200);
    const admin = { id: await userId(w, 'admin'), username: 'admin', name: 'admin' };
    const kollege = { id: await userId(w, 'kollege'), username: 'kollege', name: 'Karl Kollege' };
    expect(response.json<TPostReactionPeople>()).toEqual({
      reactions: [
        { kind: 'helpful', people: [admin] },
        { kind: 'thanks', people: [kollege, admin] },
      ],
    });
  });
});

describe('OpenAPI', () => {
  it('should describe both reaction routes', async () => {
    const { paths } = (await w.t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { description?: string }>>;
    }>();
    expect(paths['/api/forumPost/{id}/reaction']?.put?.description).toContain('Idempotent');
    expect(paths['/api/forumPost/{id}/reactions']?.get?.description).toContain('people');
  });
});
