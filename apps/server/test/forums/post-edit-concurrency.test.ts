import { CONVERSATION_API, type TForumPost } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editPost, renameThread, versionRows } from './edit-helpers.ts';
import {
  createForum,
  createForumWorld,
  createPost,
  createThread,
  type ForumWorld,
  logo,
  orphans,
  readThread,
  remove,
} from './forum-helpers.ts';

/**
 * Edits at the same moment (issue 37): each waits for the thread's lock, so every one lands as a version of its
 * own, numbered in the order they were written, and none is lost (SQLite: one writer; PostgreSQL: row lock).
 */
let w: ForumWorld;
let forumId: number;
beforeAll(async () => {
  w = await createForumWorld();
  forumId = (await createForum(w)).id;
});
afterAll(() => w.t.close());

const PARALLEL = 12;

describe('edits at the same moment', () => {
  it('should keep every one as a version, numbered in order, the last one current', async () => {
    const thread = await createThread(w, forumId);
    const reply = await createPost(w, thread.id);
    const texts = Array.from({ length: PARALLEL }, (_, i) => `<p>Fassung ${i + 2}</p>`);
    const responses = await Promise.all(
      texts.map((content, i) => editPost(w, i % 3 === 0 ? w.as.admin : w.as.kollege, reply.id, { content })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(texts.map(() => 200));

    const rows = await versionRows(w, reply.id);
    expect(rows.map((row) => row.number)).toEqual(Array.from({ length: PARALLEL + 1 }, (_, i) => i + 1));
    expect(rows[0]?.content).toBe(reply.content);
    expect(
      rows
        .slice(1)
        .map((row) => row.content)
        .sort(),
    ).toEqual([...texts].sort());
    const page = await readThread(w, thread.id);
    const post = page.posts[1] as TForumPost;
    expect(post).toMatchObject({ content: rows.at(-1)?.content, versionCount: PARALLEL + 1 });
    const { versions } = await w.json<{ versions: { createdAt: string }[] }>(
      CONVERSATION_API.versions(reply.id),
      w.as.mitglied,
    );
    const times = versions.map((version) => Date.parse(version.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(post.editedAt).toBe(versions.at(-1)?.createdAt);
  });

  it('should rename a thread from two sides at once, both kept, the later one its title', async () => {
    const thread = await createThread(w, forumId);
    const first = thread.posts[0] as TForumPost;
    const names = ['Titel vom Autor', 'Titel vom Admin', 'Noch ein Titel', 'Und noch einer'];
    const responses = await Promise.all(
      names.map((name, i) => renameThread(w, i % 2 === 0 ? w.as.mitglied : w.as.admin, thread.id, { name })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(names.map(() => 200));
    const rows = await versionRows(w, first.id);
    expect(rows.map((row) => row.number)).toEqual([1, 2, 3, 4, 5]);
    expect(
      rows
        .slice(1)
        .map((row) => row.name)
        .sort(),
    ).toEqual([...names].sort());
    expect((await readThread(w, thread.id)).name).toBe(rows.at(-1)?.name);
  });

  it('should leave either the edit or the deletion first, never half of both', async () => {
    const thread = await createThread(w, forumId);
    const replies = [];
    for (let i = 0; i < 6; i += 1) replies.push(await createPost(w, thread.id, w.as.kollege, [logo()]));
    const outcomes = await Promise.all(
      replies.map(async (reply) => {
        const [edit, deletion] = await Promise.all([
          editPost(w, w.as.kollege, reply.id, { content: '<p>Geändert</p>' }, { files: [logo()] }),
          remove(w, CONVERSATION_API.post(reply.id), w.as.kollege),
        ]);
        return { id: reply.id, edit: edit.statusCode, deletion: deletion.statusCode };
      }),
    );
    const page = await readThread(w, thread.id);
    for (const outcome of outcomes) {
      expect(outcome.deletion).toBe(204);
      // the edit came first (200, then deleted) or found the reply deleted (409)
      expect([200, 409]).toContain(outcome.edit);
      expect(page.posts.find((post) => post.id === outcome.id)).toMatchObject({
        content: '',
        deleted: true,
        forumPostMedia: [],
        versionCount: 1,
      });
      expect(await versionRows(w, outcome.id)).toEqual([]);
    }
    expect(page.postCount).toBe(7);
    expect(await orphans(w)).toEqual({ files: [], rows: [] });
  });
});
