/**
 * Issue 33, points 1 to 6, through GET /api/search: typos, German inflection, short words and abbreviations,
 * spelling variants, several words and the ranking, over a small corpus of the trade (trade-corpus.ts).
 */
import type { TSearchResult } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type World } from '../helpers/world.ts';
import { search, titlesOf } from './search-helpers.ts';
import { PRICE_LIST, seedTradeCorpus } from './trade-corpus.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
  await seedTradeCorpus(w);
});
afterAll(() => w.t.close());

const posts = (q: string) => search(w, w.as.mitglied, q, { type: 'blog' });
/** The table rows found: the article of each, from its snippet. */
const rows = (result: TSearchResult) =>
  result.hits
    .filter((hit) => hit.title === PRICE_LIST && hit.path.includes('row='))
    .map((hit) => hit.snippet);

describe('typos (issue 33 point 1)', () => {
  it('should find a word with a wrong, missing, doubled or swapped letter', async () => {
    for (const [q, title] of [
      ['Isolirglas', 'Isolierglas richtig lagern'],
      ['Wärmeschuzglas', 'Wärmeschutzglas für Altbauten'],
      ['Reklamtion', 'Reklamation einer Lieferung'],
      ['Sicherheitsglass', 'Einscheiben-Sicherheitsglas nach Norm'],
      ['Verbundglsa', 'Verbundglas zuschneiden'],
    ]) {
      const result = await posts(q ?? '');
      expect(titlesOf(result), q).toContain(title);
      expect(result.hits.every((hit) => hit.partial === undefined)).toBe(true);
    }
  });

  it('should rank a typo neighbour below what matches as written', async () => {
    const result = await posts('Reklamtion Glasbruch');
    expect(titlesOf(result)).toEqual([
      'Glasbruch auf der Baustelle',
      'Versicherung',
      'Reklamation einer Lieferung',
    ]);
  });

  it('should never correct a word of three letters or fewer', async () => {
    expect((await search(w, w.as.mitglied, 'ESF')).total).toBe(0);
    expect((await search(w, w.as.mitglied, 'Gals')).total).toBeGreaterThan(0);
  });
});

describe('German inflection (issue 33 point 2)', () => {
  it('should meet plurals and umlaut plurals on their stems, however umlauts are written', async () => {
    for (const q of ['Isoliergläser', 'Isolierglaeser', 'Isolierglas']) {
      const found = titlesOf(await posts(q));
      expect(found, q).toContain('Isolierglas richtig lagern');
      expect(found, q).toContain('Isoliergläser im Vergleich');
    }
    expect(titlesOf(await posts('Normen'))).toEqual(
      expect.arrayContaining(['Normen im Überblick', 'Einscheiben-Sicherheitsglas nach Norm']),
    );
    expect(titlesOf(await posts('Verträge'))).toContain('Neue Rahmenverträge');
    // an inflection the stemmer leaves, as written and one letter away
    expect(titlesOf(await posts('Spiegeln'))).toEqual(['Fenster, die spiegeln', 'Spiegel an der Wand']);
    expect(titlesOf(await posts('Rahmenvertrag'))).toContain('Neue Rahmenverträge');
  });

  it('should keep finding compound parts and umlauts written out', async () => {
    expect(titlesOf(await posts('Sicherheitsglas'))).toEqual(
      expect.arrayContaining([
        'Einscheiben-Sicherheitsglas nach Norm',
        'Einscheibensicherheitsglas im Duschbereich',
        'Verbundsicherheitsglas über Kopf',
      ]),
    );
    expect(titlesOf(await posts('Scheiben'))).toEqual(
      expect.arrayContaining(['Mehrscheiben-Isolierglas bestellen', 'Scheiben linienförmig gelagert']),
    );
    expect(titlesOf(await posts('Waermeschutzglas'))).toEqual(['Wärmeschutzglas für Altbauten']);
  });
});

describe('short words and abbreviations (issue 33 point 3)', () => {
  it('should match an abbreviation as a whole word, never inside one', async () => {
    // the seeded synonym list (migration 0023) adds the long name: MIG ↔ Mehrscheiben-Isolierglas
    expect(titlesOf(await posts('MIG'))).toEqual([
      'Mehrscheiben-Isolierglas bestellen',
      'Isolierglas richtig lagern',
    ]);
    expect(titlesOf(await posts('GEG'))).toEqual(['Das Gebäudeenergiegesetz kommt']);
    expect(titlesOf(await posts('ESG'))).toEqual([
      'Türen aus ESG',
      'Einscheiben-Sicherheitsglas nach Norm',
      'Einscheibensicherheitsglas im Duschbereich',
    ]);
  });

  it('should match a short word typed in lower case at a word start only', async () => {
    expect(titlesOf(await posts('mig'))).not.toContain('Scheiben linienförmig gelagert');
    expect(titlesOf(await posts('geg'))).toContain('Fotografie im Gegenlicht');
  });
});

describe('spelling variants (issue 33 point 4)', () => {
  it('should meet hyphens, spaces and their absence in article numbers', async () => {
    for (const q of ['FG1002', 'FG-1002', 'FG 1002', 'fg1002']) {
      const result = await search(w, w.as.mitglied, q);
      expect(rows(result), q).toEqual(['<mark>FG-1002</mark> · Floatglas 4 mm · 12,50']);
      expect(titlesOf(result), q).toContain('Preise 2026');
    }
  });

  it('should meet a word written with and without its hyphen', async () => {
    for (const q of ['UgWert', 'Ug-Wert']) {
      const result = await search(w, w.as.mitglied, q);
      expect(titlesOf(result), q).toContain('Wärmeschutzglas für Altbauten');
      expect(rows(result), q).toEqual([expect.stringContaining('<mark>Ug-Wert</mark> 1,0 · 9,00')]);
    }
    for (const q of ['Einscheiben-Sicherheitsglas', 'Einscheibensicherheitsglas'])
      expect(titlesOf(await posts(q)), q).toEqual(
        expect.arrayContaining([
          'Einscheiben-Sicherheitsglas nach Norm',
          'Einscheibensicherheitsglas im Duschbereich',
        ]),
      );
  });

  it('should keep a number with its unit, whether apart or together', async () => {
    for (const q of ['4 mm', '4mm']) {
      const result = await search(w, w.as.mitglied, q);
      expect(rows(result), q).toEqual(['FG-1002 · Floatglas <mark>4 mm</mark> · 12,50']);
      expect(titlesOf(result), q).toContain('Wärmeschutzglas für Altbauten');
      expect(result.total, q).toBe(2);
    }
  });
});

describe('several words (issue 33 point 5)', () => {
  it('should show documents holding some of the words, marked, when none holds all', async () => {
    const result = await posts('Glasbruch Reklamation');
    expect(new Set(titlesOf(result))).toEqual(
      new Set(['Glasbruch auf der Baustelle', 'Versicherung', 'Reklamation einer Lieferung']),
    );
    expect(result.hits.every((hit) => hit.partial === true)).toBe(true);
  });

  it('should put the documents holding every word first', async () => {
    const result = await posts('Glasbruch Versicherung');
    expect(result.hits.map((hit) => [hit.title, hit.partial ?? false])).toEqual([
      ['Versicherung', false],
      ['Glasbruch auf der Baustelle', true],
    ]);
  });
});

describe('ranking by relevance (issue 33 point 6)', () => {
  it('should rank a title hit above a newer hit in the text', async () => {
    expect(titlesOf(await posts('Glasbruch'))).toEqual(['Glasbruch auf der Baustelle', 'Versicherung']);
  });

  it('should rank words starting with what is typed above words holding it inside, whatever their dates', async () => {
    const found = titlesOf(await posts('Verbu'));
    expect(found.indexOf('Verbundfolie prüfen')).toBeLessThan(found.indexOf('Randverbund prüfen'));
  });

  it('should rank the word as written above its stem', async () => {
    expect(titlesOf(await posts('Gläser')).slice(0, 2)).toEqual(['Gläser stapeln', 'Glas schneiden']);
  });

  it('should break ties by date, newest first', async () => {
    expect(titlesOf(await posts('prüfen'))).toEqual(['Randverbund prüfen', 'Verbundfolie prüfen']);
  });
});
