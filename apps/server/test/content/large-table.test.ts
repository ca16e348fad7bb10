import { performance } from 'node:perf_hooks';
import { CSV_PAGE_SIZE, CSV_ROWS_PAGE_MAX, type TContentItem, type TContentRows } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createWorld, type World } from '../categories/category-helpers.ts';
import { priceListCsv } from '../helpers/generated-files.ts';
import { listContent, saveContent, storedFiles, tableCounts } from './content-helpers.ts';

const ROWS = 100_000;
const NEEDLE_ROW = 77_777;

const bigCsv = () => priceListCsv(ROWS, { row: NEEDLE_ROW, text: 'Nadel im Heuhaufen' });

let w: World;
let category: number;
const timings: Record<string, number> = {};
const timed = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
  const start = performance.now();
  const result = await run();
  timings[name] = Math.round(performance.now() - start);
  return result;
};

beforeAll(async () => {
  w = await createWorld();
  category = await createCategory(w, { name: 'Preise' });
});
afterAll(async () => {
  console.warn(`100,000 × 12 on ${w.t.database.kind} (ms): ${JSON.stringify(timings)}`);
  await w.t.close();
});

describe('a table of 100,000 rows', () => {
  let item: TContentItem;

  it('should upload, store every row and answer with the header and the first page', {
    timeout: 120_000,
  }, async () => {
    const data = bigCsv();
    const response = await timed('upload', () =>
      saveContent(
        w,
        w.as.admin,
        { title: 'Preisliste', categories: [category] },
        { filename: 'gross.csv', data },
      ),
    );
    expect(response.statusCode).toBe(200);
    item = response.json<TContentItem>();
    expect(item.csvRowCount).toBe(ROWS);
    expect(item.csvContent).toHaveLength(1 + CSV_PAGE_SIZE);
    expect(item.csvContent?.[1]?.[10]).toEqual({ title: 'Datenblatt', url: '/mediaLibrary/fg-0.pdf' });
    expect((await tableCounts(w.t)).rows).toBe(ROWS);
    expect(storedFiles(w.t)).toHaveLength(1);
  });

  it('should load the content page without the whole table', { timeout: 60_000 }, async () => {
    const [listed] = await timed('contentPage', () => listContent(w, w.as.mitglied, category));
    expect(listed?.csvContent).toHaveLength(1 + CSV_PAGE_SIZE);
    expect(listed?.csvRowCount).toBe(ROWS);
  });

  it('should serve any page, a search and every row in bounded pages', { timeout: 60_000 }, async () => {
    const get = async (name: string, query: string) => {
      const response = await timed(name, () =>
        w.app.inject({ url: `/api/content/${item.id}/rows${query}`, headers: w.as.mitglied }),
      );
      expect(response.statusCode).toBe(200);
      return response.json<TContentRows>();
    };
    const page = await get('page', '?offset=50000&limit=250');
    expect(page.rows).toHaveLength(250);
    expect(page.rows[0]?.[0]).toBe('FG-50000');
    expect(page.rows[0]?.[9]).toBe('Hinweis; mit Trenner');
    const search = await get('search', '?q=nadel%20im');
    expect(search.total).toBe(1);
    expect(search.rows[0]?.[0]).toBe(`FG-${NEEDLE_ROW}`);
    const broad = await get('searchMany', '?q=typ%2042&limit=250');
    expect(broad.total).toBe(1031);
    expect(broad.rows).toHaveLength(250);
    const tooMany = await w.app.inject({
      url: `/api/content/${item.id}/rows?limit=${ROWS}`,
      headers: w.as.mitglied,
    });
    expect(tooMany.statusCode).toBe(400);
    const all = await timed('allRowsInPages', async () => {
      const rows: TContentRows['rows'] = [];
      for (let offset = 0; offset < ROWS; offset += CSV_ROWS_PAGE_MAX) {
        const response = await w.app.inject({
          url: `/api/content/${item.id}/rows?offset=${offset}&limit=${CSV_ROWS_PAGE_MAX}`,
          headers: w.as.mitglied,
        });
        rows.push(...response.json<TContentRows>().rows);
      }
      return rows;
    });
    expect(all).toHaveLength(ROWS);
    expect(all.map((row) => row[0])).toEqual(Array.from({ length: ROWS }, (_, i) => `FG-${i}`));
  });

  it('should delete the table with all its rows and its file', { timeout: 60_000 }, async () => {
    const response = await timed('delete', () =>
      w.app.inject({ method: 'DELETE', url: `/api/content/${item.id}`, headers: w.as.admin }),
    );
    expect(response.statusCode).toBe(204);
    expect((await tableCounts(w.t)).rows).toBe(0);
    expect(storedFiles(w.t)).toEqual([]);
  });
});

describe('an upload over the size limit', () => {
  let small: World;
  beforeAll(async () => {
    small = await createWorld({ UPLOAD_LIMIT_MB: '1' });
  });
  afterAll(() => small.t.close());

  it('should be refused with 413 and leave no row and no file behind', async () => {
    const id = await createCategory(small, { name: 'Klein' });
    const data = Buffer.from(`a;b\r\n${'Zeile;mit Inhalt\r\n'.repeat(80_000)}`);
    const response = await saveContent(
      small,
      small.as.admin,
      { title: 'Zu groß', categories: [id] },
      {
        filename: 'gross.csv',
        data,
      },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().detail).toBe('Die Anfrage ist zu groß.');
    expect(await tableCounts(small.t)).toEqual({ items: 0, links: 0, rows: 0 });
    expect(storedFiles(small.t)).toEqual([]);
  });
});
