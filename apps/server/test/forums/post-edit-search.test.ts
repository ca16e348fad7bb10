/**
 * Issue 37 point 6: the search finds what a post says now. An edit, a new title and a member's deletion of
 * their reply show in the very next search, and the index holds what a rebuild from the tables would.
 */
import { CONVERSATION_API, type TForumPost, type TSearchHit } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reindexAll } from '../../src/features/search/index.ts';
import { SEARCH_SOURCES } from '../../src/modules.ts';
import type { Headers } from '../helpers/world.ts';
import { datedKeyMismatches, search as searchAs } from '../search/search-helpers.ts';
import { editPost, editPostJson, renameThread } from './edit-helpers.ts';
import {
  createForum,
  createForumWorld,
  createPost,
  createThread,
  type ForumWorld,
  remove,
} from './forum-helpers.ts';

let w: ForumWorld;
let forumId: number;
beforeAll(async () => {
  w = await createForumWorld();
  forumId = (await createForum(w, 'Montagefragen')).id;
});
afterAll(() => w.t.close());

async function hits(q: string, headers: Headers = w.as.mitglied): Promise<TSearchHit[]> {
  return (await searchAs(w, headers, q, { type: 'forum' })).hits;
}
const paths = async (q: string) => (await hits(q)).map((hit) => hit.path);

/** Every document of the index, as a rebuild from the tables would write it (ids and dates aside). */
async function documents() {
  const { rows } = await sql`select kind, source_id, owner_id, title, body from search_documents
    order by kind, source_id, owner_id, title, body`.execute(w.t.database.db);
  return rows;
}

/** The request answered 200 or 204, and the index holds exactly what a rebuild from the tables would. */
async function saved(response: { statusCode: number; body: string }) {
  expect([200, 204], response.body).toContain(response.statusCode);
  const before = await documents();
  await reindexAll(w.t.database.db, SEARCH_SOURCES);
  expect(await documents()).toEqual(before);
  expect(await datedKeyMismatches(w)).toEqual({});
}

describe('the search after an edit', () => {
  it('should find a reply by its new words and no longer by its old ones', async () => {
    const thread = await createThread(w, forumId, w.as.mitglied, [], 'Klotzung bei Stufenglas');
    const reply = await createPost(w, thread.id, w.as.kollege, [], '<p>Distanzklötze aus Hartholz.</p>');
    const path = `/forum/${forumId}/thread/${thread.id}?post=${reply.id}`;
    expect(await paths('Hartholz')).toEqual([path]);

    await saved(await editPost(w, w.as.kollege, reply.id, { content: '<p>Tragklötze aus Kunststoff.</p>' }));
    expect(await paths('Hartholz')).toEqual([]);
    expect(await paths('Kunststoff')).toEqual([path]);

    // an admin's edit, as JSON, too
    await saved(await editPostJson(w, w.as.admin, reply.id, { content: '<p>Tragklötze aus Polyamid.</p>' }));
    expect(await paths('Kunststoff')).toEqual([]);
    expect(await paths('Polyamid')).toEqual([path]);
  });

  it('should find a thread by its new title, its first post by its new text, and no longer by the old', async () => {
    const thread = await createThread(w, forumId, w.as.mitglied, [], 'Kondensat im Scheibenzwischenraum');
    const first = thread.posts[0] as TForumPost;
    const threadPath = `/forum/${forumId}/thread/${thread.id}`;
    const firstPath = `${threadPath}?post=${first.id}`;
    expect(await paths('Scheibenzwischenraum')).toEqual([threadPath]);
    expect(await paths('Woran')).toContain(firstPath);

    await saved(
      await editPost(w, w.as.mitglied, first.id, {
        content: '<p>Randverbund vermutlich undicht.</p>',
        name: 'Beschlag zwischen den Scheiben',
      }),
    );
    expect(await paths('Scheibenzwischenraum')).toEqual([]);
    expect(await paths('Woran')).not.toContain(firstPath);
    expect((await hits('Beschlag')).map((hit) => [hit.path, hit.title])).toEqual([
      [threadPath, 'Beschlag zwischen den Scheiben'],
    ]);
    expect((await hits('undicht')).map((hit) => hit.title)).toEqual(['Beschlag zwischen den Scheiben']);

    await saved(await renameThread(w, w.as.admin, thread.id, { name: 'Isolierglas blind geworden' }));
    expect(await paths('Beschlag')).toEqual([]);
    expect((await hits('blind')).map((hit) => hit.title)).toEqual(['Isolierglas blind geworden']);
  });

  it('should no longer find a reply its author deleted, while the thread stays', async () => {
    const thread = await createThread(w, forumId, w.as.mitglied, [], 'Silikonfuge erneuern');
    const reply = await createPost(w, thread.id, w.as.kollege, [], '<p>Acetatvernetzend vermeiden.</p>');
    expect(await hits('Acetatvernetzend')).toHaveLength(1);
    await saved(await remove(w, CONVERSATION_API.post(reply.id), w.as.kollege));
    expect(await hits('Acetatvernetzend')).toEqual([]);
    expect(await paths('Silikonfuge')).toEqual([`/forum/${forumId}/thread/${thread.id}`]);
  });

  it('should leave the index as it was when an edit is refused', async () => {
    const thread = await createThread(w, forumId, w.as.mitglied, [], 'Glasleisten lösen');
    const reply = await createPost(w, thread.id, w.as.kollege, [], '<p>Spachtel ansetzen.</p>');
    const before = await documents();
    expect((await editPost(w, w.as.mitglied, reply.id, { content: '<p>Stemmeisen</p>' })).statusCode).toBe(
      403,
    );
    expect((await editPost(w, w.as.kollege, reply.id, { content: '<p></p>' })).statusCode).toBe(400);
    expect(await documents()).toEqual(before);
    expect(await hits('Stemmeisen')).toEqual([]);
    expect(await hits('Spachtel')).toHaveLength(1);
  });
});
