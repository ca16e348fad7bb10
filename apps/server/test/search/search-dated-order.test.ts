/**
 * Decision 0096: on SQLite the FTS5 row ids of the search sort by date (migration 0018), so that a type's
 * newest matches are walked newest first with LIMIT. Pinned here: the row ids stay right through every write
 * (a post's new date, a deletion, a rebuild, a member's erasure, a document updated in place), and the
 * ranking is what the engines' measures make it (relevance, then newer before older to the millisecond,
 * then by source; issue 33), whatever the order of indexing and wherever a page ends, also within one second.
 */
import { SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, type TSearchResult } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reindexAll } from '../../src/features/search/index.ts';
import { SEARCH_SOURCES } from '../../src/modules.ts';
import { type Pattern, type QueryWord, queryWords } from '../../src/platform/search/query.ts';
import { rank } from '../../src/platform/search/ranking.ts';
import { patternsOf } from '../../src/platform/search/search-matching.ts';
import { createPost, postInput, savePost } from '../blog/blog-helpers.ts';
import { createForum, saveThread } from '../forums/forum-helpers.ts';
import { createWorld, type Headers, type World } from '../helpers/world.ts';
import { erase } from '../privacy/privacy-helpers.ts';
import { datedKeyMismatches, search } from './search-helpers.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.close());

const inStep = async () => expect(await datedKeyMismatches(w)).toEqual({});
const ok = (response: { statusCode: number; body: string }) =>
  expect([200, 204], response.body).toContain(response.statusCode);

describe('the FTS5 row ids of the search (SQLite)', () => {
  it("should stay in date order through a post's new date, its deletion and a rebuild", async () => {
    const post = await createPost(w, { title: 'Kantenschutz beim Transport' });
    await inStep();
    const moved = { id: post.id, title: post.title, publishedAt: '2021-03-04T05:06:07.890Z' };
    ok(await savePost(w, w.as.admin, postInput(w, moved)));
    await inStep();
    const found = await search(w, w.as.admin, 'kantenschutz');
    expect(found.hits.map((hit) => hit.date)).toEqual(['2021-03-04T05:06:07.890Z']);
    await reindexAll(w.t.database.db, SEARCH_SOURCES);
    await inStep();
    ok(await w.app.inject({ method: 'DELETE', url: `/api/blog/${post.id}`, headers: w.as.admin }));
    await inStep();
    expect((await search(w, w.as.admin, 'kantenschutz')).total).toBe(0);
  });

  it("should stay in step when a member's account is erased", async () => {
    const forum = await createForum(w, 'Werkstatt');
    const thread = await saveThread(w, w.as.chef, forum.id, {
      name: 'Glasleisten nachziehen',
      content: '<p>Welche Schrauben nehmt ihr?</p>',
    });
    ok(thread);
    await inStep();
    const { id } = await w.t.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'chef')
      .executeTakeFirstOrThrow();
    ok(await erase(w, w.as.admin, id));
    await inStep();
    expect((await search(w, w.as.beide, 'glasleisten')).total).toBe(1);
  });

  it('should follow a document whose date or text is changed in place', async () => {
    await createPost(w, { title: 'Dichtstoff im Winter' });
    const db = w.t.database.db;
    await sql`update search_documents set dated_at = ${'2020-01-02T03:04:05.000Z'}
      where folded_title like ${'%dichtstoff%'}`.execute(db);
    await inStep();
    await sql`update search_documents set folded_title = ${'dichtmasse im winter'},
      folded_text = ${'dichtmasse im winter'} where folded_title like ${'%dichtstoff%'}`.execute(db);
    await inStep();
    expect((await search(w, w.as.admin, 'dichtstoff')).total).toBe(0);
    expect((await search(w, w.as.admin, 'dichtmasse')).hits.map((hit) => hit.date)).toEqual([
      '2020-01-02T03:04:05.000Z',
    ]);
  });

  it.runIf(process.env.DATABASE_URL?.startsWith('postgres') !== true)(
    'should be told apart from a table that is out of step',
    async () => {
      const db = w.t.database.db;
      await sql`insert into search_dated_trigram_blog(rowid, folded_text) values (7, ' verirrt ')`.execute(
        db,
      );
      expect(await datedKeyMismatches(w)).toEqual({ search_dated_trigram_blog: 1 });
      await sql`delete from search_dated_trigram_blog where rowid = 7`.execute(db);
      await inStep();
    },
  );
});

/**
 * Posts holding `Fugenband`, written in an order unlike their dates: several within one second (two at the
 * same millisecond), title hits among them, one edited afterwards (indexed again, under a new id).
 */
const BASE = Date.parse('2025-06-01T10:00:00.000Z');
const at = (ms: number) => new Date(BASE + ms).toISOString();
const POSTS = [
  { title: 'Fenster 1', body: 'Fugenband innen', at: at(500) },
  { title: 'Fugenband richtig kleben', body: 'Vorbereitung', at: at(100) },
  { title: 'Fenster 2', body: 'Fugenband außen', at: at(900) },
  { title: 'Fugenband und Feuchte', body: 'Fenster dicht', at: at(900) },
  { title: 'Fenster 3', body: 'Fugenband Feuchte', at: at(500) },
  { title: 'Fenster 4', body: 'Fugenband', at: at(-1) },
  { title: 'Fugenband am Fenster', body: 'neu', at: at(1000) },
  { title: 'Fenster 5', body: 'Fugenband im Feld', at: at(999) },
  { title: 'Fugenband im Fensterbau', body: 'Fenster', at: at(-2000) },
  { title: 'Fenster 6', body: 'Fugenband fest', at: at(999) },
];

interface Doc {
  id: number;
  sid: number;
  title: string;
  folded_title: string;
  folded_text: string;
  dated_at: Date | string;
}

/** How a pattern occurs in a term text, as the engines measure it in SQL (search-matching.ts). */
function level(text: string, pattern: Pattern): number {
  if (text.includes(` ${pattern.term} `)) return 3;
  if (pattern.mode !== 'whole' && text.includes(` ${pattern.term}`)) return 2;
  return pattern.mode === 'inside' && text.includes(pattern.term) ? 1 : 0;
}

/**
 * The ranking as a reference, over every document of the type, measured here instead of in SQL: the hits
 * holding every word, or (fewer than a page) those holding any; ranked by ranking.ts.
 */
async function expected(q: string): Promise<string[]> {
  const { rows } = await sql<Doc>`select id, source_id as sid, title, folded_title, folded_text, dated_at
    from search_documents where type = 'blog'`.execute(w.t.database.db.withoutPlugins());
  const words = queryWords(q);
  const patterns = patternsOf(words);
  const candidates = rows.map((doc) => ({
    item: doc.title,
    candidate: {
      id: doc.id,
      sid: doc.sid,
      time: new Date(doc.dated_at).getTime(),
      length: doc.folded_text.length,
      levels: patterns.map((p) => level(doc.folded_title, p) * 4 + level(doc.folded_text, p)),
    },
  }));
  const holds = (c: (typeof candidates)[number], word: QueryWord) =>
    word.alternatives.some((a) =>
      a.patterns.every((p) => (c.candidate.levels[patterns.indexOf(p)] ?? 0) % 4 > 0),
    );
  const strict = candidates.filter((c) => words.every((word) => holds(c, word)));
  const found =
    strict.length >= SEARCH_LIMIT_DEFAULT || words.length === 1
      ? strict
      : candidates.filter((c) => words.some((word) => holds(c, word)));
  return rank(words, patterns, found).map((ranked) => ranked.item);
}

async function page(headers: Headers, q: string, offset: number, limit: number): Promise<TSearchResult> {
  return search(w, headers, q, { type: 'blog', offset: String(offset), limit: String(limit) });
}

describe('the ranking over row ids in date order', () => {
  beforeAll(async () => {
    const ids: number[] = [];
    for (const post of POSTS) {
      const saved = await createPost(w, {
        title: post.title,
        preText: '<p>Notiz</p>',
        content: `<p>${post.body}</p>`,
        publishedAt: post.at,
      });
      ids.push(saved.id);
    }
    // indexed again, under a new id: its place by date stays
    ok(
      await savePost(
        w,
        w.as.admin,
        postInput(w, {
          id: ids[0],
          title: 'Fenster 1',
          preText: '<p>Notiz</p>',
          content: '<p>Fugenband innen</p>',
          publishedAt: POSTS[0]?.at,
        }),
      ),
    );
  });

  for (const q of ['fugenband', 'fenster fugen', 'fe', 'fugenband fe', 'fugen feuchte']) {
    it(`should rank '${q}' by relevance, then by date, on every page`, async () => {
      const all = await expected(q);
      expect(all.length).toBeGreaterThan(1);
      for (const headers of [w.as.admin, w.as.mitglied]) {
        const whole = await page(headers, q, 0, SEARCH_LIMIT_MAX);
        expect(whole.hits.map((hit) => hit.title)).toEqual(all);
        expect(whole.total).toBe(all.length);
        for (const limit of [1, 2, 3]) {
          for (let offset = 0; offset < all.length; offset += limit) {
            const part = await page(headers, q, offset, limit);
            expect(part.hits.map((hit) => hit.title)).toEqual(all.slice(offset, offset + limit));
          }
        }
      }
    });
  }

  it('should hold the posts as written, a few within one second', async () => {
    const { rows } = await sql<{ n: number }>`select count(*) as n from search_documents
      where type = 'blog' and dated_at >= ${new Date(BASE)} and dated_at < ${new Date(BASE + 1000)}`.execute(
      w.t.database.db,
    );
    expect(Number(rows[0]?.n)).toBe(7);
    await inStep();
  });
});
