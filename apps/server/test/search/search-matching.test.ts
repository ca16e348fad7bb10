import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ago, createPost, HOUR } from '../blog/blog-helpers.ts';
import { createCategory } from '../categories/category-helpers.ts';
import { createItem } from '../content/content-helpers.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { search, titlesOf } from './search-helpers.ts';

let w: World;
let itemId = 0;
let categoryId = 0;
beforeAll(async () => {
  w = await createWorld();
  await createPost(w, {
    title: 'Wärmedämmglas im Neubau',
    preText: '<p>Was der Uw-Wert verrät.</p>',
    content: '<p>Dreifach verglast, mit Edelgas.</p>',
    publishedAt: ago(3 * HOUR),
  });
  await createPost(w, {
    title: 'Neue Normen für Fassaden',
    preText: '<p>Die ESG-Scheibe ist Pflicht bei Brüstungen.</p>',
    content: '<p>Auch das Café im Erdgeschoss braucht Wärmedämmglas.</p>',
    tags: ['Sicherheit'],
    publishedAt: ago(2 * HOUR),
  });
  await createPost(w, {
    title: 'Brandschutz <script>alert(1)</script> im Überblick',
    preText: '<p>Feuerschutzglas &amp; mehr &lt;b&gt;</p>',
    content: '<p>Rauchschutz</p>',
    publishedAt: ago(1 * HOUR),
  });
  categoryId = await createCategory(w, { name: 'Preise' });
  const csv =
    'Artikel;Bezeichnung;Preis\nFG-1002;Floatglas 4 mm;12,50\nFG-10020;Floatglas 10 mm;40,00\nVSG-88;Verbundsicherheitsglas;55,00\nWD-7;Wärmedämmglas fürs Café;99,00\n';
  itemId = (
    await createItem(
      w,
      { title: 'Preisliste Glas', preText: '<p>Stand Januar</p>', categories: [categoryId] },
      { filename: 'preise.csv', data: csv },
    )
  ).id;
});
afterAll(() => w.t.close());

/** the posts only: the table holds a row with the same words (tested below) */
const BLOG = { type: 'blog' };

describe('GET /api/search: German as members type it', () => {
  it('should find a word however umlauts and case are written', async () => {
    for (const q of ['Waermedaemmglas', 'wärmedämmglas', 'Wärmedämmglas', 'WAERMEDAEMMGLAS']) {
      const result = await search(w, w.as.mitglied, q, BLOG);
      expect(titlesOf(result)).toEqual(['Wärmedämmglas im Neubau', 'Neue Normen für Fassaden']);
    }
  });

  it('should ignore accents', async () => {
    expect(titlesOf(await search(w, w.as.mitglied, 'cafe', BLOG))).toEqual(['Neue Normen für Fassaden']);
    expect(titlesOf(await search(w, w.as.mitglied, 'CAFÉ', BLOG))).toEqual(['Neue Normen für Fassaden']);
  });

  it('should find parts of compound words and words by their start while typing', async () => {
    expect(titlesOf(await search(w, w.as.mitglied, 'dämmglas', BLOG))).toHaveLength(2);
    expect(titlesOf(await search(w, w.as.mitglied, 'Wärmedä', BLOG))).toHaveLength(2);
    expect(titlesOf(await search(w, w.as.mitglied, 'Fe'))).toEqual([
      'Brandschutz <script>alert(1)</script> im Überblick',
    ]);
    expect(titlesOf(await search(w, w.as.mitglied, 'ESG'))).toEqual(['Neue Normen für Fassaden']);
    expect(titlesOf(await search(w, w.as.mitglied, 'Sicherheit'))).toContain('Neue Normen für Fassaden');
  });

  it('should match an article number as written, finding its table row', async () => {
    const result = await search(w, w.as.mitglied, 'FG-1002', { type: 'content' });
    expect(result.hits.map((hit) => hit.snippet)).toEqual([
      '<mark>FG-1002</mark> · Floatglas 4 mm · 12,50',
      '<mark>FG-1002</mark>0 · Floatglas 10 mm · 40,00',
    ]);
    expect(result.hits[0]).toMatchObject({
      type: 'content',
      id: itemId,
      title: 'Preisliste Glas',
      path: `/content/${categoryId}?item=${itemId}&row=0`,
    });
    // issue 31: the table opens at the row that matched, not filtered by the text
    expect(result.hits[1]?.path).toBe(`/content/${categoryId}?item=${itemId}&row=1`);
    const none = await search(w, w.as.mitglied, 'FG-1003');
    expect(none.total).toBe(0);
  });

  it('should fold the rows of a table as the texts', async () => {
    for (const q of ['waermedaemmglas', 'CAFE', 'fürs café']) {
      const result = await search(w, w.as.mitglied, q, { type: 'content' });
      expect(
        result.hits.map((hit) => hit.snippet).filter((text) => text.startsWith('WD-7')),
        q,
      ).toHaveLength(1);
    }
    const result = await search(w, w.as.mitglied, 'dämmglas cafe', { type: 'content' });
    expect(result.hits.map((hit) => hit.snippet)).toEqual([
      'WD-7 · Wärme<mark>dämmglas</mark> fürs <mark>Café</mark> · 99,00',
    ]);
    // The hit names the row that matched, however the word was written (issue 31).
    const written = await search(w, w.as.mitglied, 'Waermedaemmglas', { type: 'content' });
    expect(written.hits.map((hit) => new URL(hit.path, 'http://portal').searchParams.get('row'))).toContain(
      '3',
    );
  });

  it('should show the hits holding every word first, then those holding some, marked (issue 33)', async () => {
    const both = await search(w, w.as.mitglied, 'glas edelgas');
    expect(titlesOf(both)[0]).toBe('Wärmedämmglas im Neubau');
    expect(both.hits.map((hit) => hit.partial ?? false)).toEqual([
      false,
      ...both.hits.slice(1).map(() => true),
    ]);
    expect(both.hits.length).toBeGreaterThan(1);
    const rows = await search(w, w.as.mitglied, 'floatglas 40', { type: 'content' });
    expect(rows.hits.map((hit) => [hit.snippet, hit.partial ?? false])).toEqual([
      ['FG-10020 · <mark>Floatglas</mark> 10 mm · <mark>40</mark>,00', false],
      ['FG-1002 · <mark>Floatglas</mark> 4 mm · 12,50', true],
    ]);
  });

  it('should rank title hits first, then newer before older', async () => {
    const result = await search(w, w.as.mitglied, 'glas', { type: 'blog' });
    // Only the first has 'glas' in its title; of the two body hits the newer comes first.
    expect(titlesOf(result)).toEqual([
      'Wärmedämmglas im Neubau',
      'Brandschutz <script>alert(1)</script> im Überblick',
      'Neue Normen für Fassaden',
    ]);
    const content = await search(w, w.as.mitglied, 'glas', { type: 'content' });
    expect(content.hits[0]?.path).toBe(`/content/${categoryId}?item=${itemId}`);
    expect(content.total).toBe(5);
    expect(result.counts).toEqual({ blog: 3, content: 5, event: 0, forum: 0, media: 0, company: 0 });
  });

  it('should page the hits with offset and limit', async () => {
    const all = await search(w, w.as.mitglied, 'glas');
    const page = await search(w, w.as.mitglied, 'glas', { offset: '2', limit: '3' });
    expect(page.total).toBe(all.total);
    expect(page.hits).toEqual(all.hits.slice(2, 5));
  });

  it('should escape everything but the marks of a snippet', async () => {
    const result = await search(w, w.as.mitglied, 'feuerschutz');
    expect(result.hits).toHaveLength(1);
    expect(result.hits[0]?.title).toBe('Brandschutz <script>alert(1)</script> im Überblick');
    expect(result.hits[0]?.snippet).toBe('<mark>Feuerschutz</mark>glas &amp; mehr &lt;b&gt; Rauchschutz');
    // A hit in the title alone: the snippet shows the start of the text.
    const script = await search(w, w.as.mitglied, 'script');
    expect(script.hits[0]?.snippet).toBe('Feuerschutzglas &amp; mehr &lt;b&gt; Rauchschutz');
    expect(script.hits[0]?.date).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});
