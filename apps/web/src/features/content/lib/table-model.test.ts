import { CSV_ROWS_PAGE_MAX, type TCsvRow } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  cellText,
  chunkRequests,
  chunksFor,
  clampPage,
  DEFAULT_PAGE_SIZE,
  filterRows,
  PAGE_SIZE_OPTIONS,
  pageRange,
  pageSlice,
  parsePageSize,
  ROW_CHUNK_SIZE,
  rowInChunks,
  shownRows,
  tablePageCount,
} from './table-model';

const rows: TCsvRow[] = [
  ['Floatglas', '4 mm', { title: 'Datenblatt', url: 'dokumente/float.pdf' }],
  ['Verbundsicherheitsglas', 'VSG 8.4', ''],
  ['Isolierglas', 'Ug 1,1', { title: 'Prüfbericht', url: 'https://example.de/pruef' }],
];

describe('cellText', () => {
  it('shows a link cell by its title', () => {
    expect(cellText({ title: 'Datenblatt', url: 'x.pdf' })).toBe('Datenblatt');
    expect(cellText('4 mm')).toBe('4 mm');
    expect(cellText(undefined)).toBe('');
  });
});

describe('filterRows', () => {
  it('keeps rows with a cell containing the text, ignoring case and blanks around it', () => {
    expect(filterRows(rows, '  GLAS ')).toHaveLength(3);
    expect(filterRows(rows, 'vsg')).toEqual([rows[1]]);
  });

  it('searches link cells by their title, not their address', () => {
    expect(filterRows(rows, 'prüfbericht')).toEqual([rows[2]]);
    expect(filterRows(rows, 'example.de')).toEqual([]);
  });

  it('does not match across cell borders', () => {
    expect(filterRows(rows, 'Floatglas4')).toEqual([]);
  });

  it('returns the same rows for an empty search', () => {
    expect(filterRows(rows, '   ')).toBe(rows);
  });
});

describe('paging', () => {
  it('defaults to 250 rows and accepts only the offered sizes', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(250);
    expect(parsePageSize('25')).toBe(25);
    expect(parsePageSize('all')).toBe('all');
    expect(parsePageSize('30')).toBe(250);
    expect(parsePageSize(null)).toBe(250);
  });

  it('counts pages, at least one', () => {
    expect(tablePageCount(0, 10)).toBe(1);
    expect(tablePageCount(251, 250)).toBe(2);
    expect(tablePageCount(50_000, 'all')).toBe(1);
  });

  it('keeps the page inside the existing pages', () => {
    expect(clampPage(9, 30, 10)).toBe(3);
    expect(clampPage(0, 30, 10)).toBe(1);
    expect(clampPage(Number.NaN, 30, 10)).toBe(1);
  });

  it('computes the rows of a page', () => {
    expect(pageRange(3, 10, 25)).toEqual({ offset: 20, limit: 5 });
    expect(pageRange(1, 'all', 50_000)).toEqual({ offset: 0, limit: 50_000 });
    expect(pageSlice(rows, 2, 10)).toEqual(rows);
    expect(
      pageSlice(
        Array.from({ length: 25 }, (_, i) => i),
        3,
        10,
      ),
    ).toEqual([20, 21, 22, 23, 24]);
  });

  it('names the rows shown', () => {
    expect(shownRows(2, 250, 1000)).toEqual({ from: 251, to: 500 });
    expect(shownRows(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });
});

describe('chunksFor', () => {
  it('lists the chunks a visible range needs', () => {
    expect(chunksFor(0, 30, 500)).toEqual([0]);
    expect(chunksFor(480, 530, 500)).toEqual([0, 1]);
    expect(chunksFor(49_990, 49_999, 500)).toEqual([99]);
    expect(chunksFor(5, 4, 500)).toEqual([]);
  });
});

describe('row pages asked of the server', () => {
  it('never asks for more rows a request than the server serves', () => {
    expect(ROW_CHUNK_SIZE).toBeLessThanOrEqual(CSV_ROWS_PAGE_MAX);
    for (const size of PAGE_SIZE_OPTIONS)
      if (size !== 'all') expect(size).toBeLessThanOrEqual(CSV_ROWS_PAGE_MAX);
  });

  it("asks for chunk 0 and the chunks on screen in 'Alle'", () => {
    expect(chunkRequests(0, 30)).toEqual([{ chunk: 0, offset: 0, limit: ROW_CHUNK_SIZE }]);
    expect(chunkRequests(ROW_CHUNK_SIZE * 3 - 10, ROW_CHUNK_SIZE * 3 + 10).map((r) => r.chunk)).toEqual([
      0, 2, 3,
    ]);
    expect(chunkRequests(5, 4)).toEqual([{ chunk: 0, offset: 0, limit: ROW_CHUNK_SIZE }]);
  });

  it('fetches every row of a 100,000-row table in bounded pages while the member scrolls through it', () => {
    const total = 100_000;
    const requested = new Map<number, { offset: number; limit: number }>();
    for (let first = 0; first < total; first += 40) {
      for (const request of chunkRequests(first, Math.min(first + 40, total) - 1)) {
        expect(request.limit).toBeLessThanOrEqual(CSV_ROWS_PAGE_MAX);
        requested.set(request.chunk, request);
      }
    }
    const covered = [...requested.values()].sort((a, b) => a.offset - b.offset);
    let next = 0;
    for (const { offset, limit } of covered) {
      expect(offset).toBe(next);
      next = offset + limit;
    }
    expect(next).toBeGreaterThanOrEqual(total);
  });

  it('finds a row in the chunk that holds it, or none while that chunk loads', () => {
    const chunk1 = Array.from({ length: ROW_CHUNK_SIZE }, (_, i): TCsvRow => [`Zeile ${ROW_CHUNK_SIZE + i}`]);
    const loaded = (chunk: number) => (chunk === 1 ? chunk1 : undefined);
    expect(rowInChunks(ROW_CHUNK_SIZE + 7, loaded)).toEqual([`Zeile ${ROW_CHUNK_SIZE + 7}`]);
    expect(rowInChunks(3, loaded)).toBeUndefined();
  });
});
