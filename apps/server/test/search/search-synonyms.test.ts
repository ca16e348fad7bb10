/**
 * Issue 33 point 3, the engine's half: synonym groups expand a query's words both ways at query time. The
 * search service is given the groups the way the admin's list hands them over (its `synonyms` dependency),
 * read for every search: a change takes effect on the next one, without a reindex.
 */
import type { TSearchResult } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchService } from '../../src/features/search/index.ts';
import { SEARCH_SOURCES } from '../../src/modules.ts';
import type { Principal } from '../../src/platform/auth/principal.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { titlesOf } from './search-helpers.ts';
import { seedTradeCorpus } from './trade-corpus.ts';

/** The trade's usual ones, as the issue seeds the list. */
const SEED = [
  ['ESG', 'Einscheibensicherheitsglas'],
  ['VSG', 'Verbundsicherheitsglas'],
  ['MIG', 'Mehrscheiben-Isolierglas'],
  ['GEG', 'Gebäudeenergiegesetz'],
  ['Wärmedämmglas', 'Wärmeschutzglas'],
];

let w: World;
let member: Principal;
let groups: string[][] = SEED;
let search: (q: string) => Promise<TSearchResult>;
beforeAll(async () => {
  w = await createWorld();
  await seedTradeCorpus(w);
  const { id } = await w.t.database.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'mitglied')
    .executeTakeFirstOrThrow();
  const found = await w.app.accounts.principal(id);
  if (!found) throw new Error('mitglied');
  member = found;
  const service = createSearchService({
    db: w.t.database.db,
    kind: w.t.database.kind,
    sources: SEARCH_SOURCES,
    synonyms: async () => groups,
  });
  search = (q) => service.search(member, { q, type: 'blog', offset: 0, limit: 20 });
});
afterAll(() => w.t.close());

describe('synonyms (issue 33 point 3)', () => {
  it('should find the long name for an abbreviation and the abbreviation for the long name', async () => {
    expect(titlesOf(await search('ESG'))).toEqual(
      expect.arrayContaining([
        'Türen aus ESG',
        'Einscheibensicherheitsglas im Duschbereich',
        'Einscheiben-Sicherheitsglas nach Norm',
      ]),
    );
    expect(titlesOf(await search('Einscheibensicherheitsglas'))).toContain('Türen aus ESG');
    expect(titlesOf(await search('VSG'))).toEqual(['Verbundsicherheitsglas über Kopf']);
    expect(titlesOf(await search('Wärmedämmglas'))).toEqual(['Wärmeschutzglas für Altbauten']);
  });

  it('should expand a hyphenated entry, and never match an abbreviation inside a word', async () => {
    const mig = titlesOf(await search('MIG'));
    expect(mig).toEqual(
      expect.arrayContaining(['Isolierglas richtig lagern', 'Mehrscheiben-Isolierglas bestellen']),
    );
    expect(mig).not.toContain('Scheiben linienförmig gelagert');
    expect(titlesOf(await search('GEG'))).toEqual(['Das Gebäudeenergiegesetz kommt']);
  });

  it('should rank what holds the word as asked above what holds its synonym', async () => {
    expect(titlesOf(await search('ESG'))[0]).toBe('Türen aus ESG');
  });

  it('should follow a change of the list on the next search', async () => {
    groups = [...SEED, ['Randverbund', 'Abstandhalter']];
    expect(titlesOf(await search('Abstandhalter'))).toEqual([
      'Randverbund prüfen',
      'Isolierglas richtig lagern',
    ]);
    groups = SEED;
    expect(titlesOf(await search('Abstandhalter'))).toEqual([]);
  });
});
