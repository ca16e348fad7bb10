import {
  CONTENT_API,
  CONTENT_MESSAGES,
  CSV_MAX_ROWS,
  CSV_ROWS_PAGE_MAX,
  type TContentRows,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildPage } from '../helpers/builders-content.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { createItem, listContent } from './content-helpers.ts';
import { csvFixture } from './csv-fixtures.ts';

let w: World;
const cat: Record<string, number> = {};
const item: Record<string, { id: number }> = {};
beforeAll(async () => {
  w = await createWorld();
  cat.normen = (await buildCategory(w, { name: 'Normen' })).id;
  cat.intern = (await buildCategory(w, { name: 'Intern', groups: [w.groups.gf] })).id;
  cat.unterIntern = (await buildCategory(w, { name: 'Unter Intern', parentId: cat.intern })).id;
  cat.leer = (await buildCategory(w, { name: 'Leer' })).id;
  const preisliste = { filename: 'preisliste.csv', data: csvFixture('preisliste-excel-cp1252.csv') };
  item.zweites = await buildPage(w, { title: 'Zweites', categories: [cat.normen ?? 0], position: 2 });
  item.erstes = await createItem(
    w,
    { title: 'Erstes', categories: [cat.normen ?? 0, cat.intern ?? 0], position: 1 },
    preisliste,
  );
  item.geheim = await createItem(w, { title: 'Geheim', categories: [cat.intern ?? 0] }, preisliste);
  item.versteckt = await buildPage(w, { title: 'Versteckt', categories: [cat.unterIntern ?? 0] });
});
afterAll(() => w.t.close());

const id = (name: string) => cat[name] ?? 0;
const itemId = (name: string) => item[name]?.id ?? 0;

describe('GET /api/content/{categoryId}', () => {
  it('should list the items of a visible category by position, with their tables', async () => {
    const items = await listContent(w, w.as.mitglied, id('normen'));
    expect(items.map((entry) => entry.title)).toEqual(['Erstes', 'Zweites']);
    expect(items[0]).toMatchObject({ csvFile: 'preisliste.csv', csvRowCount: 5 });
    expect(items[0]?.csvContent?.[0]).toEqual(expect.arrayContaining(['Artikel-Nr.', 'Preis (€/m²)']));
  });

  it('should list only the categories of an item that the member may see', async () => {
    const [erstes] = await listContent(w, w.as.mitglied, id('normen'));
    expect(erstes?.categories).toEqual([id('normen')]);
    const [forAdmin] = await listContent(w, w.as.admin, id('normen'));
    expect(forAdmin?.categories).toEqual([id('normen'), id('intern')].sort((a, b) => a - b));
  });

  it('should answer an empty list for a category without items', async () => {
    expect(await listContent(w, w.as.mitglied, id('leer'))).toEqual([]);
  });

  it('should answer 404 for a category of another group and for one below a hidden parent', async () => {
    for (const categoryId of [id('intern'), id('unterIntern'), 987654]) {
      const response = await w.app.inject({
        url: CONTENT_API.byCategory(categoryId),
        headers: w.as.mitglied,
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Geheim');
    }
    expect((await listContent(w, w.as.chef, id('intern'))).map((entry) => entry.title)).toEqual([
      'Erstes',
      'Geheim',
    ]);
  });

  it('should refuse a partner with 403 and a request without token with 401', async () => {
    expect(
      (await w.app.inject({ url: CONTENT_API.byCategory(id('normen')), headers: w.as.partner })).statusCode,
    ).toBe(403);
    expect((await w.app.inject({ url: CONTENT_API.byCategory(id('normen')) })).statusCode).toBe(401);
  });
});

describe('GET /api/content/{id}/rows', () => {
  const rows = async (name: string, query: string, headers = w.as.mitglied) => {
    const response = await w.app.inject({ url: `${CONTENT_API.rows(itemId(name))}${query}`, headers });
    return { status: response.statusCode, body: response.json<TContentRows>() };
  };
  const firstCells = (body: TContentRows) => body.rows.map((row) => row[0]);

  it('should page through the data rows with the header', async () => {
    const page = await rows('erstes', '?offset=1&limit=2');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 5, offset: 1, limit: 2 });
    expect(page.body.header[0]).toBe('Artikel-Nr.');
    expect(firstCells(page.body)).toEqual(['FG-1002', 'FG-1003']);
    expect((await rows('erstes', '')).body).toMatchObject({ total: 5, offset: 0, limit: 250 });
  });

  it('should search case-insensitively in text and link titles, wildcards taken literally', async () => {
    expect(firstCells((await rows('erstes', `?q=${encodeURIComponent('WÄRME')}`)).body)).toEqual(['FG-1002']);
    expect((await rows('erstes', '?q=datenblatt')).body.total).toBe(2);
    expect((await rows('erstes', '?q=Lieferzeit%3B')).body.total).toBe(1);
    const wildcard = await rows('erstes', `?q=${encodeURIComponent('%')}`);
    expect(wildcard.body).toMatchObject({ total: 0, rows: [] });
    expect((await rows('erstes', '?q=_')).body.total).toBe(0);
    const paged = await rows('erstes', '?q=fg-10&offset=3&limit=10');
    expect(paged.body.total).toBe(5);
    expect(firstCells(paged.body)).toEqual(['FG-1004', 'FG-1005']);
  });

  it('should answer an empty table for an item without CSV', async () => {
    expect((await rows('zweites', '')).body).toEqual({
      total: 0,
      offset: 0,
      limit: 250,
      header: [],
      rows: [],
    });
  });

  it('should answer 404 for an item filed only under hidden categories', async () => {
    expect((await rows('geheim', '')).status).toBe(404);
    expect((await rows('geheim', '', w.as.chef)).status).toBe(200);
    expect((await w.app.inject({ url: '/api/content/987654/rows', headers: w.as.admin })).statusCode).toBe(
      404,
    );
  });

  it('should refuse a bad paging query with 400', async () => {
    for (const query of ['?offset=-1', '?limit=0', '?limit=abc', `?q=${'x'.repeat(201)}`]) {
      expect((await rows('erstes', query)).status).toBe(400);
    }
  });

  it('should serve at most CSV_ROWS_PAGE_MAX rows a request and refuse more with 400 in German', async () => {
    expect((await rows('erstes', `?limit=${CSV_ROWS_PAGE_MAX}`)).body).toMatchObject({
      total: 5,
      limit: CSV_ROWS_PAGE_MAX,
    });
    for (const limit of [CSV_ROWS_PAGE_MAX + 1, CSV_MAX_ROWS, 100_000_000]) {
      const response = await rows('erstes', `?limit=${limit}`);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ detail: CONTENT_MESSAGES.rowsLimit });
    }
  });

  it('should refuse an offset beyond the largest table with 400 instead of failing in the database', async () => {
    expect((await rows('erstes', `?offset=${CSV_MAX_ROWS}`)).body).toMatchObject({ total: 5, rows: [] });
    for (const offset of [CSV_MAX_ROWS + 1, 3_000_000_000]) {
      const response = await rows('erstes', `?offset=${offset}`);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ detail: CONTENT_MESSAGES.rowsOffset });
    }
  });

  it('should refuse a partner with 403 and a request without token with 401', async () => {
    expect((await rows('erstes', '', w.as.partner)).status).toBe(403);
    expect((await w.app.inject({ url: CONTENT_API.rows(itemId('erstes')) })).statusCode).toBe(401);
  });
});
