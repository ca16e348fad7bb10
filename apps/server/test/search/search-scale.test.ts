/**
 * Issue 16, point 6, as behaviour: a large table's rows are found a block at a time, each hit showing the
 * block's first matching row, and a common word is counted and ranked among each type's newest matches only.
 */
import { SEARCH_COUNT_CAP, SEARCH_LIMIT_MAX } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reindexAll } from '../../src/features/search/index.ts';
import { ROWS_PER_DOCUMENT } from '../../src/platform/search/search-documents.ts';
import { createCategory } from '../categories/category-helpers.ts';
import { createItem } from '../content/content-helpers.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { createThread, search } from './search-helpers.ts';

const ROWS = 1200;
const NEEDLE = { row: 1100, text: 'Nadelstreifenscheibe' };

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
  await reindexAll(w.t.database.db);
});
afterAll(() => w.t.close());

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

  it('should find the one row deep in a block, opening the table filtered to it', async () => {
    const result = await search(w, w.as.mitglied, 'nadelstreifen');
    expect(result.total).toBe(1);
    expect(result.hits[0]?.snippet).toBe(
      `ART-${NEEDLE.row} · <mark>Nadelstreifen</mark>scheibe · ${NEEDLE.row},50`,
    );
    expect(new URL(result.hits[0]?.path ?? '', 'http://portal').searchParams.get('q')).toBe(NEEDLE.text);
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
});
