import {
  CONTENT_API,
  CSV_PAGE_SIZE,
  CSV_ROWS_PAGE_MAX,
  type TContentItem,
  type TContentRows,
  ZContentRows,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory } from '../categories/category-helpers.ts';
import { priceListCsv } from '../helpers/generated-files.ts';
import { createWorld, storedFiles, type World } from '../helpers/world.ts';
import { listContent, saveContent, tableCounts } from './content-helpers.ts';

/**
 * Enough rows for a first page, pages past it and more than one page of the largest size; the same checks on
 * 100,000 rows, with their timings, are in bench/large-data.ts (its table scenario, `--only table`).
 */
const ROWS = 2_600;
const NEEDLE_ROW = 1_777;

let w: World;
let category: number;

beforeAll(async () => {
  w = await createWorld();
  category = await createCategory(w, { name: 'Preise' });
});
afterAll(() => w.t.close());

/** Uploads the price list as a new item; each test works on a table of its own. */
async function uploadTable(): Promise<TContentItem> {
  const data = priceListCsv(ROWS, { row: NEEDLE_ROW, text: 'Nadel im Heuhaufen' });
  const response = await saveContent(
    w,
    w.as.admin,
    { title: 'Preisliste', categories: [category] },
    { filename: 'gross.csv', data },
  );
  expect(response.statusCode).toBe(200);
  return response.json<TContentItem>();
}

async function rowsOf(item: TContentItem, query: string): Promise<TContentRows> {
  return w.json<TContentRows>(`${CONTENT_API.rows(item.id)}${query}`, w.as.mitglied);
}

describe(`a table of ${ROWS} rows`, () => {
  /** read, never changed, by the tests that only read */
  let table: TContentItem;
  beforeAll(async () => {
    table = await uploadTable();
  });

  it('should store every row and answer with the header and the first page', async () => {
    const before = await tableCounts(w.t);
    const files = storedFiles(w.t).length;
    const item = await uploadTable();
    expect(item.csvRowCount).toBe(ROWS);
    expect(item.csvContent).toHaveLength(1 + CSV_PAGE_SIZE);
    expect(item.csvContent?.[1]?.[10]).toEqual({ title: 'Datenblatt', url: '/mediaLibrary/fg-0.pdf' });
    expect((await tableCounts(w.t)).rows).toBe(before.rows + ROWS);
    expect(storedFiles(w.t)).toHaveLength(files + 1);
  });

  it('should load the content page without the whole table', async () => {
    const listed = (await listContent(w, w.as.mitglied, category)).find((entry) => entry.id === table.id);
    expect(listed?.csvContent).toHaveLength(1 + CSV_PAGE_SIZE);
    expect(listed?.csvRowCount).toBe(ROWS);
  });

  it('should serve any page, a search and every row in bounded pages', async () => {
    const item = table;
    const page = await rowsOf(item, '?offset=1300&limit=250');
    expect(page.rows).toHaveLength(250);
    expect(page.rows[0]?.[0]).toBe('FG-1300');
    expect(page.rows[0]?.[9]).toBe('Hinweis; mit Trenner');
    const search = await rowsOf(item, '?q=nadel%20im');
    expect(search.total).toBe(1);
    expect(search.rows[0]?.[0]).toBe(`FG-${NEEDLE_ROW}`);
    // rows 42, 139, … (every 97th): 27 of 2,600
    const broad = await rowsOf(item, '?q=typ%2042&limit=10');
    expect(broad.total).toBe(27);
    expect(broad.rows).toHaveLength(10);
    const tooMany = await w.app.inject({
      url: `${CONTENT_API.rows(item.id)}?limit=${ROWS}`,
      headers: w.as.mitglied,
    });
    expect(tooMany.statusCode).toBe(400);
    const all: TContentRows['rows'] = [];
    for (let offset = 0; offset < ROWS; offset += CSV_ROWS_PAGE_MAX) {
      all.push(...(await rowsOf(item, `?offset=${offset}&limit=${CSV_ROWS_PAGE_MAX}`)).rows);
    }
    expect(all.map((row) => row[0])).toEqual(Array.from({ length: ROWS }, (_, i) => `FG-${i}`));
  });

  it('should answer pages that are the rows of the item, as ZContentRows reads them (issue 19)', async () => {
    const response = await w.app.inject({
      url: `${CONTENT_API.rows(table.id)}?offset=0&limit=${CSV_PAGE_SIZE}`,
      headers: w.as.mitglied,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const page = ZContentRows.strict().parse(response.json());
    const [header, ...rows] = table.csvContent ?? [];
    expect(page).toEqual({ total: ROWS, offset: 0, limit: CSV_PAGE_SIZE, header, rows });
    const beyond = await rowsOf(table, `?offset=${ROWS}&limit=5`);
    expect(beyond).toEqual({ total: ROWS, offset: ROWS, limit: 5, header, rows: [] });
    const none = await rowsOf(table, '?q=gibt%20es%20nicht');
    expect(none).toEqual({ total: 0, offset: 0, limit: CSV_PAGE_SIZE, header, rows: [] });
  });

  it('should delete the table with all its rows and its file', async () => {
    const before = await tableCounts(w.t);
    const files = storedFiles(w.t);
    const item = await uploadTable();
    const response = await w.app.inject({
      method: 'DELETE',
      url: CONTENT_API.byId(item.id),
      headers: w.as.admin,
    });
    expect(response.statusCode).toBe(204);
    expect(await tableCounts(w.t)).toEqual(before);
    expect(storedFiles(w.t)).toEqual(files);
  });
});

describe('an upload over the size limit', () => {
  let small: World;
  beforeAll(async () => {
    small = await createWorld({ env: { UPLOAD_LIMIT_MB: '1' } });
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
