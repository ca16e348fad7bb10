/**
 * Issue 16, point 6, as behaviour: a large table's rows are found a block at a time, each hit showing the
 * block's first matching row, and a common word is counted and ranked among each type's newest matches only.
 */
import { SEARCH_COUNT_CAP, SEARCH_LIMIT_MAX } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROWS_PER_DOCUMENT } from '../../src/features/content/index.ts';
import { reindexAll } from '../../src/features/search/index.ts';
import { SEARCH_SOURCES } from '../../src/modules.ts';
import { createCategory } from '../categories/category-helpers.ts';
import { createItem } from '../content/content-helpers.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { createThread, search } from './search-helpers.ts';

const ROWS = 1200;
const NEEDLE = { row: 1100, text: 'Nadelstreifenscheibe' };
/** Posts a member may read that hold one word: one more than a search counts, the first of them a title hit. */
const KITT = { word: 'Fensterkitt', posts: SEARCH_COUNT_CAP + 1, hidden: 2 };
const MINUTE = 60_000;

let w: World;
let itemId = 0;
let threadId = 0;
beforeAll(async () => {
  w = await createWorld();
  const lines = ['Artikel;Bezeichnung;Preis'];
  for (let i = 0; i < ROWS; i += 1)
    lines.push(`ART-${i};${i === NEEDLE.row ? NEEDLE.text : `Isolierglas Typ ${i % 7}`};${i},50`);
  const categoryId = await createCategory(w, { name: 'Preise' });
  itemId = (
    await createItem(
      w,
      { title: 'Große Preisliste', categories: [categoryId] },
      { filename: 'preise.csv', data: Buffer.from(`${lines.join('\n')}\n`) },
    )
  ).id;
  // More forum posts with one word than a search counts, written straight to the table and then indexed.
  threadId = (await createThread(w, { forum: 'Technik', thread: 'Werkstattberichte' }, '<p>Hallo</p>')).id;
  const { id: authorId } = await w.t.database.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();
  const start = Date.parse('2026-01-01T08:00:00Z');
  const posts = Array.from({ length: SEARCH_COUNT_CAP + 5 }, (_, n) => ({
    threadId,
    authorId,
    content: `<p>Bericht ${n} vom Kantenschliff</p>`,
    isFirst: false,
    createdAt: new Date(start + n * 60_000),
    updatedAt: new Date(start + n * 60_000),
  }));
  for (let at = 0; at < posts.length; at += 200)
    await w.t.database.db
      .insertInto('forumPosts')
      .values(posts.slice(at, at + 200))
      .execute();
  await seedKittPosts();
  await reindexAll(w.t.database.db, SEARCH_SOURCES);
});
afterAll(() => w.t.close());

/**
 * KITT.posts posts for the members, indexed in the order written: the first holds the word in its title and is
 * the newest by date, the others in their text, each a minute newer than the one before; then KITT.hidden
 * posts for the partners only, title hits, a day newer than the others but older than the first.
 */
async function seedKittPosts(): Promise<void> {
  const db = w.t.database.db;
  const start = Date.now() - 30 * 24 * 60 * MINUTE;
  const rows = Array.from({ length: KITT.posts + KITT.hidden }, (_, n) => {
    const hidden = n >= KITT.posts;
    const at = new Date(n === 0 ? Date.now() - MINUTE : start + n * MINUTE + (hidden ? 24 * 60 * MINUTE : 0));
    return {
      title: n === 0 || hidden ? `${KITT.word} ${n}` : `Beitrag ${n}`,
      preText: '',
      content: `<p>Über ${KITT.word} ${n}</p>`,
      publishedAt: at,
      createdAt: at,
      updatedAt: at,
    };
  });
  for (let at = 0; at < rows.length; at += 200) {
    const batch = rows.slice(at, at + 200);
    const ids = await db.insertInto('blogPosts').values(batch).returning('id').execute();
    await db
      .insertInto('blogPostGroups')
      .values(
        ids.map(({ id }, index) => ({
          blogPostId: id,
          groupId: at + index >= KITT.posts ? w.groups.partner : w.groups.mitglieder,
        })),
      )
      .execute();
  }
}

describe('GET /api/search: large tables and common words', () => {
  it('should find a large table a block of rows at a time, each hit showing its first matching row', async () => {
    const result = await search(w, w.as.mitglied, 'Isolierglas', { type: 'content' });
    expect(result.total).toBe(Math.ceil(ROWS / ROWS_PER_DOCUMENT));
    expect(result.hits.map((hit) => hit.snippet)).toEqual([
      'ART-0 · <mark>Isolierglas</mark> Typ 0 · 0,50',
      `ART-${ROWS_PER_DOCUMENT} · <mark>Isolierglas</mark> Typ ${ROWS_PER_DOCUMENT % 7} · ${ROWS_PER_DOCUMENT},50`,
      `ART-${2 * ROWS_PER_DOCUMENT} · <mark>Isolierglas</mark> Typ ${(2 * ROWS_PER_DOCUMENT) % 7} · ${2 * ROWS_PER_DOCUMENT},50`,
    ]);
    for (const hit of result.hits) expect(hit).toMatchObject({ id: itemId, title: 'Große Preisliste' });
  });

  it('should find the one row deep in a block, opening the table at that row', async () => {
    const result = await search(w, w.as.mitglied, 'nadelstreifen');
    expect(result.total).toBe(1);
    expect(result.hits[0]?.snippet).toBe(
      `ART-${NEEDLE.row} · <mark>Nadelstreifen</mark>scheibe · ${NEEDLE.row},50`,
    );
    expect(new URL(result.hits[0]?.path ?? '', 'http://portal').searchParams.get('row')).toBe(
      String(NEEDLE.row),
    );
  });

  it('should count a common word up to the cap, say there is more, and page through the newest', async () => {
    const result = await search(w, w.as.mitglied, 'Kantenschliff');
    expect(result.counts.forum).toBe(SEARCH_COUNT_CAP);
    expect(result.capped).toEqual(['forum']);
    expect(result.total).toBe(SEARCH_COUNT_CAP);
    // newest first: the last post written comes first
    expect(result.hits[0]?.snippet).toBe(`Bericht ${SEARCH_COUNT_CAP + 4} vom <mark>Kantenschliff</mark>`);
    const last = await search(w, w.as.mitglied, 'Kantenschliff', {
      type: 'forum',
      offset: String(SEARCH_COUNT_CAP - 10),
      limit: String(SEARCH_LIMIT_MAX),
    });
    expect(last.hits).toHaveLength(10);
    expect(last.hits.at(-1)?.snippet).toBe('Bericht 5 vom <mark>Kantenschliff</mark>');
    const rare = await search(w, w.as.mitglied, 'Werkstattberichte');
    expect(rare).toMatchObject({ total: 1, capped: [] });
  });

  it("should count and rank a member's newest readable matches only, leaving out older and hidden ones", async () => {
    // The newest 1,000: SQLite's by date, PostgreSQL's by indexing (decision 0096). The title hit is the
    // newest by date but was indexed first; the partners' posts are newer than the others but hidden.
    const byDate = w.t.database.kind === 'sqlite';
    const result = await search(w, w.as.mitglied, KITT.word, { type: 'blog' });
    expect(result.counts.blog).toBe(SEARCH_COUNT_CAP);
    expect(result.capped).toEqual(['blog']);
    expect(result.hits.slice(0, 2).map((hit) => hit.title)).toEqual(
      byDate
        ? [`${KITT.word} 0`, `Beitrag ${KITT.posts - 1}`]
        : [`Beitrag ${KITT.posts - 1}`, `Beitrag ${KITT.posts - 2}`],
    );
    // the one left out: by date the oldest, by indexing the title hit
    const last = await search(w, w.as.mitglied, KITT.word, {
      type: 'blog',
      offset: String(SEARCH_COUNT_CAP - 1),
      limit: '5',
    });
    expect(last.hits.map((hit) => hit.title)).toEqual([
      `Beitrag ${KITT.posts - SEARCH_COUNT_CAP + (byDate ? 1 : 0)}`,
    ]);
    if (!byDate) expect(result.hits.map((hit) => hit.title)).not.toContain(`${KITT.word} 0`);
    // the admin reads them all: the title hits come first, newest first, and the same cap holds
    const admin = await search(w, w.as.admin, KITT.word, { type: 'blog' });
    expect(admin.counts.blog).toBe(SEARCH_COUNT_CAP);
    const hidden = [`${KITT.word} ${KITT.posts + 1}`, `${KITT.word} ${KITT.posts}`];
    expect(admin.hits.slice(0, 3).map((hit) => hit.title)).toEqual(
      byDate ? [`${KITT.word} 0`, ...hidden] : [...hidden, `Beitrag ${KITT.posts - 1}`],
    );
  });
});
