/**
 * Decision 0099: on PostgreSQL a type's newest matches are found by sampling its newest documents first (a
 * walk by id when the matches are dense there, the trigram index sorted by id when they are not), not by
 * counting them first. Pinned here, with a small pool so that both ways are taken: whatever the shape of the
 * data (matches sparse among the newest, dense, rare, a small type, a member who may read every other post),
 * a type's count and candidates are exactly its newest `pool + 1` matches the principal may open, by id, as a
 * plain ordered query finds them (the ranking is ranking.ts's, after). Dates rise with the ids, so that SQLite's newest by date
 * (decision 0096) are the same documents.
 */
import type { TSearchType } from '@portal/contract';
import { type Expression, type SqlBool, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reindexAll } from '../../src/features/search/index.ts';
import { createSearchRepository } from '../../src/features/search/search.repository.ts';
import { searchVisibility } from '../../src/features/search/search-visibility.ts';
import { SEARCH_SOURCES } from '../../src/modules.ts';
import type { Principal } from '../../src/platform/auth/principal.ts';
import { queryWords } from '../../src/platform/search/query.ts';
import { indexText } from '../../src/platform/search/terms.ts';
import { createWorld, type World } from '../helpers/world.ts';

/** A pool small enough that a few hundred documents are more than its sample (pool / 4). */
const POOL = 40;
const START = Date.parse('2025-01-01T08:00:00Z');
const MINUTE = 60_000;

let w: World;
let minute = 0;
/** the next date: every document and post is a minute newer than the one before */
function next(): Date {
  minute += 1;
  return new Date(START + minute * MINUTE);
}

/** Documents of a type written straight to the index, oldest first; `words(n)` is the text of the nth. */
async function documents(type: 'event' | 'forum', count: number, words: (n: number) => string) {
  const rows = Array.from({ length: count }, (_, n) => ({
    kind: type === 'event' ? 'event' : 'forum-thread',
    type,
    sourceId: 100_000 + minute + n,
    ownerId: null,
    title: n % 5 === 0 ? `Titel ${words(n)}` : `Titel ${n}`,
    foldedTitle: indexText(n % 5 === 0 ? `Titel ${words(n)}` : `Titel ${n}`),
    body: words(n),
    foldedText: indexText(words(n)),
    datedAt: next(),
  }));
  for (let at = 0; at < rows.length; at += 100)
    await w.t.database.db
      .insertInto('searchDocuments')
      .values(rows.slice(at, at + 100))
      .execute();
}

/** Posts, oldest first, in the groups `groupOf(n)` gives; indexed by a rebuild afterwards. */
async function posts(count: number, words: (n: number) => string, groupOf: (n: number) => number) {
  const rows = Array.from({ length: count }, (_, n) => {
    const at = next();
    return {
      title: n % 7 === 0 ? `Über ${words(n)}` : `Beitrag ${n}`,
      preText: '',
      content: `<p>${words(n)}</p>`,
      publishedAt: at,
      createdAt: at,
      updatedAt: at,
    };
  });
  const ids = await w.t.database.db.insertInto('blogPosts').values(rows).returning('id').execute();
  await w.t.database.db
    .insertInto('blogPostGroups')
    .values(ids.map(({ id }, n) => ({ blogPostId: id, groupId: groupOf(n) })))
    .execute();
}

async function principal(username: string): Promise<Principal> {
  const { id } = await w.t.database.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const found = await w.app.accounts.principal(id);
  if (!found) throw new Error(username);
  return found;
}

/** The type's newest `pool + 1` matches `visible` keeps, by a plain query ordered by id. */
async function expected(type: TSearchType, word: string, visible: Expression<SqlBool> | 'all') {
  const condition = visible === 'all' ? sql<SqlBool>`1 = 1` : visible;
  const { rows } = await sql<{ id: number }>`select d.id as id from search_documents d
    where d.type = ${type} and d.folded_text like ${`%${word}%`} and ${condition}
    order by d.id desc limit ${POOL + 1}`.execute(w.t.database.db);
  return { found: rows.length, newest: rows.slice(0, POOL).map((row) => row.id) };
}

async function check(type: TSearchType, word: string, username: string, found: number) {
  const visibility = await searchVisibility(
    w.t.database.db,
    await principal(username),
    new Date(),
    SEARCH_SOURCES,
  );
  const visible = visibility[type]?.visible;
  if (!visible) throw new Error(`${username} may not search ${type}`);
  const repo = createSearchRepository(w.t.database.db, w.t.database.kind);
  const matching = { words: queryWords(word), all: true };
  const result = await repo.candidates(type, matching, visible, POOL);
  const want = await expected(type, word, visible);
  expect(want.found).toBe(found);
  const newest = result.candidates.map((candidate) => candidate.id);
  expect({ found: result.found, newest }).toEqual(want);
}

beforeAll(async () => {
  w = await createWorld();
  // posts: the members may read every other one, each holding the word; then 150 for the members only
  // without it, then 30 more for them with a second word too
  await posts(
    200,
    (n) => `Fensterbank ${n}`,
    (n) => (n % 2 === 0 ? w.groups.mitglieder : w.groups.partner),
  );
  await posts(
    150,
    (n) => `Sonstiges ${n}`,
    () => w.groups.mitglieder,
  );
  await posts(
    30,
    (n) => `Fensterbank Laibung ${n}`,
    () => w.groups.mitglieder,
  );
  await reindexAll(w.t.database.db, SEARCH_SOURCES);
  // events: a word in the oldest 120 and in none of the 200 newest (sparse among the newest: the trigram
  // index); another in four of every five (dense: the walk), one in every fifth of them (sparse) and a rare
  // one in three
  await documents('event', 120, (n) => `schraubzwinge montage ${n}`);
  await documents(
    'event',
    200,
    (n) => `${n % 5 === 0 ? 'leim' : 'falzleiste'} ${n % 67 === 0 ? 'holzstift' : ''}`,
  );
  // forums: a small type, six documents, four with the word
  await documents('forum', 6, (n) => (n < 4 ? `kantenband ${n}` : `furnier ${n}`));
});
afterAll(() => w.t.close());

describe("a type's newest matches (decision 0099)", () => {
  it('should find them when none of the newest documents match', async () => {
    await check('event', 'schraubzwinge', 'mitglied', POOL + 1);
  });

  it('should find them when most of the newest match, a few or hardly any', async () => {
    await check('event', 'falzleiste', 'mitglied', POOL + 1);
    await check('event', 'holzstift', 'mitglied', 3);
    await check('event', 'leim', 'mitglied', 40);
  });

  it('should find all of a type smaller than its sample', async () => {
    await check('forum', 'kantenband', 'mitglied', 4);
  });

  it("should find a member's readable posts only, the newest ones beyond the sample too", async () => {
    // 'fensterbank': the 30 newest, then 150 without it, then every other one of 200
    await check('blog', 'fensterbank', 'mitglied', POOL + 1);
    await check('blog', 'fensterbank', 'admin', POOL + 1);
    await check('blog', 'laibung', 'mitglied', 30);
    await check('blog', 'fensterbank', 'partner', POOL + 1);
  });
});
