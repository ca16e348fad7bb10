import {
  CONVERSATION_API,
  CONVERSATION_MESSAGES,
  FORUM_MESSAGES,
  MESSAGES,
  type TForumPost,
  ZForumPostVersions,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userId } from '../helpers/factories.ts';
import { edited, getVersions, renameThread, versionsOf } from './edit-helpers.ts';
import {
  createForum,
  createForumWorld,
  createPost,
  createThread,
  type ForumWorld,
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

const person = async (username: string) => ({ id: await userId(w, username), username, name: username });

describe('GET /api/forumPost/{id}/versions', () => {
  it('should answer one version for a post never edited: its text, author and time', async () => {
    const thread = await createThread(w, forumId);
    const reply = await createPost(w, thread.id);
    const first = thread.posts[0] as TForumPost;
    expect(await versionsOf(w, reply.id)).toEqual({
      postId: reply.id,
      versions: [
        {
          number: 1,
          createdAt: reply.createdAt,
          editor: await person('kollege'),
          content: reply.content,
          name: null,
        },
      ],
    });
    expect((await versionsOf(w, first.id)).versions).toEqual([
      {
        number: 1,
        createdAt: first.createdAt,
        editor: await person('mitglied'),
        content: first.content,
        name: 'Isolierglas beschlägt innen',
      },
    ]);
  });

  it('should answer every version oldest first, the current last, each with its editor and time', async () => {
    const thread = await createThread(w, forumId);
    const first = thread.posts[0] as TForumPost;
    const second = await edited(w, w.as.mitglied, first.id, {
      content: '<p>Zweite Fassung</p>',
      name: 'Beschlag innen',
    });
    expect(
      (await renameThread(w, w.as.admin, thread.id, { name: 'Beschlag innen (erledigt)' })).statusCode,
    ).toBe(200);
    const third = await edited(w, w.as.admin, first.id, { content: '<p>Dritte Fassung</p>' });
    const { versions } = await versionsOf(w, first.id, w.as.kollege);
    expect(versions.map(({ createdAt: _at, ...version }) => version)).toEqual([
      {
        number: 1,
        editor: await person('mitglied'),
        content: first.content,
        name: 'Isolierglas beschlägt innen',
      },
      {
        number: 2,
        editor: await person('mitglied'),
        content: '<p>Zweite Fassung</p>',
        name: 'Beschlag innen',
      },
      {
        number: 3,
        editor: await person('admin'),
        content: '<p>Zweite Fassung</p>',
        name: 'Beschlag innen (erledigt)',
      },
      {
        number: 4,
        editor: await person('admin'),
        content: '<p>Dritte Fassung</p>',
        name: 'Beschlag innen (erledigt)',
      },
    ]);
    expect(versions[0]?.createdAt).toBe(first.createdAt);
    expect(versions[1]?.createdAt).toBe(second.editedAt);
    expect(versions[3]?.createdAt).toBe(third.editedAt);
    const times = versions.map((version) => Date.parse(version.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // the thread page says the same
    expect((await readThread(w, thread.id)).posts[0]).toMatchObject({
      content: '<p>Dritte Fassung</p>',
      editedAt: third.editedAt,
      versionCount: 4,
    });
  });

  it('should fill editedAt and versionCount for every post of a page, edited or not', async () => {
    const thread = await createThread(w, forumId);
    const replies = [];
    for (let i = 0; i < 5; i += 1) replies.push(await createPost(w, thread.id));
    for (const [index, reply] of replies.entries()) {
      for (let edit = 0; edit < index % 3; edit += 1) {
        await edited(w, w.as.kollege, reply.id, { content: `<p>Fassung ${edit + 2}</p>` });
      }
    }
    const page = await readThread(w, thread.id);
    expect(page.posts.map((post) => post.versionCount)).toEqual([1, 1, 2, 3, 1, 2]);
    expect(page.posts.map((post) => post.editedAt === null)).toEqual([true, true, false, false, true, false]);
  });

  it('should refuse a partner with 403, a request without token with 401, unknown posts with 404', async () => {
    const thread = await createThread(w, forumId);
    const id = (thread.posts[0] as TForumPost).id;
    const partner = await getVersions(w, w.as.partner, id);
    expect(partner.statusCode).toBe(403);
    expect(partner.json()).toEqual({ detail: MESSAGES.forbidden });
    expect((await w.t.app.inject({ url: CONVERSATION_API.versions(id) })).statusCode).toBe(401);
    const unknown = await getVersions(w, w.as.mitglied, 999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: FORUM_MESSAGES.postNotFound });
  });

  it('should answer 404 for a reply its author deleted, whose versions went with it', async () => {
    const thread = await createThread(w, forumId);
    const reply = await createPost(w, thread.id);
    await edited(w, w.as.kollege, reply.id, { content: '<p>Geändert</p>' });
    expect((await remove(w, CONVERSATION_API.post(reply.id), w.as.kollege)).statusCode).toBe(204);
    const response = await getVersions(w, w.as.mitglied, reply.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: CONVERSATION_MESSAGES.postDeleted });
  });

  it('should answer the schema of the contract', async () => {
    const thread = await createThread(w, forumId);
    const id = (thread.posts[0] as TForumPost).id;
    await edited(w, w.as.mitglied, id, { content: '<p>Neu</p>' });
    const body = await versionsOf(w, id);
    expect(ZForumPostVersions.parse(body)).toEqual(body);
  });
});
