import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synonymGroups, synonymKey } from '../../src/features/search/synonyms.repository.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('synonymGroups (what the engine reads)', () => {
  it('should give the seeded groups of the trade with their terms as typed, in order', async () => {
    const groups = await synonymGroups(t.database.db);
    expect(groups).toEqual(
      expect.arrayContaining([
        ['ESG', 'Einscheibensicherheitsglas', 'Einscheiben-Sicherheitsglas'],
        ['VSG', 'Verbundsicherheitsglas', 'Verbund-Sicherheitsglas'],
        ['MIG', 'Mehrscheiben-Isolierglas', 'Mehrscheibenisolierglas'],
        ['GEG', 'Gebäudeenergiegesetz'],
        ['Wärmedämmglas', 'Wärmeschutzglas'],
      ]),
    );
    expect(groups.every((group) => group.length >= 2)).toBe(true);
  });

  it('should hold every term once across all groups, by the folded key', async () => {
    const keys = (await synonymGroups(t.database.db)).flat().map(synonymKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("should have seeded each term's key as the repository writes it, so an admin's term meets it", async () => {
    const rows = await t.database.db.selectFrom('searchSynonymTerms').select(['term', 'termKey']).execute();
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) expect(row.termKey, row.term).toBe(synonymKey(row.term));
  });

  it('should refuse a second row with the key of a seeded term at the database', async () => {
    const [group] = await t.database.db.selectFrom('searchSynonyms').select('id').limit(1).execute();
    if (!group) throw new Error('no seeded group');
    const insert = t.database.db
      .insertInto('searchSynonymTerms')
      .values({
        synonymId: group.id,
        position: 99,
        term: 'waermeschutzglas',
        termKey: synonymKey('Wärmeschutzglas'),
      })
      .execute();
    await expect(insert).rejects.toThrow(/UNIQUE constraint failed|duplicate key/);
  });
});

describe('synonymKey', () => {
  it('should fold case, umlauts and spaces as the search does, and keep hyphens', () => {
    expect(synonymKey('  Wärme   Schutz ')).toBe('waerme schutz');
    expect(synonymKey('Einscheiben-Sicherheitsglas')).toBe('einscheiben-sicherheitsglas');
  });
});
