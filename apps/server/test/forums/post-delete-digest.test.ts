/**
 * Issue 37: a reply its author deleted is no news: the digest's forum section counts the new posts of a
 * thread without it.
 */
import { CONVERSATION_API } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forumsDigest } from '../../src/features/forums/forum-digest.ts';
import { userId } from '../helpers/factories.ts';
import {
  createForum,
  createForumWorld,
  createPost,
  createThread,
  type ForumWorld,
  remove,
} from './forum-helpers.ts';

let w: ForumWorld;
beforeAll(async () => {
  w = await createForumWorld();
});
afterAll(() => w.t.close());

/** The forum section of mitglied's digest over the last hour. */
async function digestOfMitglied() {
  const id = await userId(w, 'mitglied');
  const principal = await w.app.accounts.principal(id);
  const account = await w.t.database.db
    .selectFrom('users')
    .select(['createdAt', 'forumReadFrom'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (!principal) throw new Error('no principal');
  const end = new Date(Date.now() + 1000);
  const window = { start: new Date(end.getTime() - 60 * 60 * 1000), end };
  return forumsDigest.startRun(w.t.database.db)({ principal, account }, window, 10);
}

describe('the digest after a member deleted their reply', () => {
  it('should count only the replies that are still there', async () => {
    const forum = await createForum(w, 'Technik');
    const busy = await createThread(w, forum.id, w.as.admin, [], 'Zwei Antworten');
    await createPost(w, busy.id, w.as.kollege);
    const gone = await createPost(w, busy.id, w.as.kollege);
    const quiet = await createThread(w, forum.id, w.as.admin, [], 'Nur eine Antwort');
    const only = await createPost(w, quiet.id, w.as.kollege);
    const before = await digestOfMitglied();
    expect(before.rows.map((row) => [row.label, row.detail])).toEqual([
      ['Nur eine Antwort', 'Technik, 2 neue Beiträge'],
      ['Zwei Antworten', 'Technik, 3 neue Beiträge'],
    ]);

    for (const post of [gone, only]) {
      expect((await remove(w, CONVERSATION_API.post(post.id), w.as.kollege)).statusCode).toBe(204);
    }
    const after = await digestOfMitglied();
    expect(after.rows.map((row) => [row.label, row.detail])).toEqual([
      ['Nur eine Antwort', 'Technik, 1 neuer Beitrag'],
      ['Zwei Antworten', 'Technik, 2 neue Beiträge'],
    ]);
  });
});
