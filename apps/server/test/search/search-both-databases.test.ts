/**
 * Issue 33 point 6: SQLite and PostgreSQL answer alike: the same hits in the same order, the same counts,
 * the same marks. The PostgreSQL run builds a second world on SQLite beside its own, writes the same corpus
 * to both through the API, and compares a set of queries that takes every path of the search (typos, stems,
 * short words, variants, partial hits, paging, one type).
 */
import type { TSearchResult } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type World } from '../helpers/world.ts';
import { search } from './search-helpers.ts';
import { seedTradeCorpus } from './trade-corpus.ts';

const QUERIES: readonly [q: string, extra?: Record<string, string>][] = [
  ['Glas'],
  ['glas', { offset: '3', limit: '4' }],
  ['Isoliergläser'],
  ['Isolirglas'],
  ['Sicherheitsglass'],
  ['Scheiben'],
  ['MIG'],
  ['geg'],
  ['FG 1002'],
  ['UgWert'],
  ['4 mm'],
  ['Glasbruch Reklamation'],
  ['Glasbruch Versicherung'],
  ['Verbu'],
  ['prüfen', { type: 'blog' }],
  ['Floatglas', { type: 'content' }],
];

/** The answer without the dates: each world wrote its events at its own time. */
const comparable = (result: TSearchResult) => ({
  ...result,
  hits: result.hits.map(({ date: _date, ...hit }) => hit),
});

const postgres = process.env.DATABASE_URL?.startsWith('postgres') === true;
let worlds: { postgres: World; sqlite: World } | undefined;

beforeAll(async () => {
  if (!postgres) return;
  const onPostgres = await createWorld();
  // the test databases follow DATABASE_URL (test-app.ts): without it, the next world is a SQLite file
  const url = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  try {
    worlds = { postgres: onPostgres, sqlite: await createWorld() };
  } finally {
    process.env.DATABASE_URL = url;
  }
  for (const world of Object.values(worlds)) await seedTradeCorpus(world);
});
afterAll(async () => {
  await worlds?.postgres.t.close();
  await worlds?.sqlite.t.close();
});

describe('the same answers on SQLite and PostgreSQL (issue 33 point 6)', () => {
  // A comparison needs both databases: the PostgreSQL run has them, the SQLite run has no server.
  it.runIf(postgres)('should answer every query alike', async () => {
    if (!worlds) throw new Error('no worlds');
    for (const [q, extra] of QUERIES) {
      const [fromPostgres, fromSqlite] = await Promise.all(
        [worlds.postgres, worlds.sqlite].map((world) => search(world, world.as.mitglied, q, extra)),
      );
      if (!fromPostgres || !fromSqlite) throw new Error(q);
      expect(fromPostgres.total, q).toBeGreaterThan(0);
      expect(comparable(fromPostgres), q).toEqual(comparable(fromSqlite));
    }
  });
});
