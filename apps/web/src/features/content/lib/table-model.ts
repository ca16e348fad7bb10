/** Search and paging of content tables (SPEC §2 Content page, §9: 250 rows a page; 10/25/50/100/250/all). */
import { CSV_ROWS_PAGE_MAX, pageCount, type TCsvCell, type TCsvRow } from '@portal/contract';

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100, 250, 'all'] as const;
export type TPageSize = (typeof PAGE_SIZE_OPTIONS)[number];
export const DEFAULT_PAGE_SIZE = 250 satisfies TPageSize;

/**
 * Rows fetched at once while scrolling through 'Alle' of a table kept on the server; never more than the
 * server serves a request (CSV_ROWS_PAGE_MAX), so 'Alle' reads a large table page by page as it scrolls.
 */
export const ROW_CHUNK_SIZE = Math.min(500, CSV_ROWS_PAGE_MAX);

export function parsePageSize(value: string | null | undefined): TPageSize {
  if (value === 'all') return 'all';
  const size = Number(value);
  return PAGE_SIZE_OPTIONS.find((option) => option === size) ?? DEFAULT_PAGE_SIZE;
}

/** The text of a cell as shown and searched: a link by its title. */
export function cellText(cell: TCsvCell | undefined): string {
  if (cell === undefined) return '';
  return typeof cell === 'string' ? cell : cell.title;
}

/** What a search looks for; matches the server (trimmed, lower-cased, anywhere in one cell). */
export function searchNeedle(query: string): string {
  return query.trim().toLowerCase();
}

function rowMatches(row: TCsvRow, needle: string): boolean {
  return needle === '' || row.some((cell) => cellText(cell).toLowerCase().includes(needle));
}

/** Rows with a cell containing the search text; the same array when there is nothing to search. */
export function filterRows(rows: readonly TCsvRow[], query: string): readonly TCsvRow[] {
  const needle = searchNeedle(query);
  return needle === '' ? rows : rows.filter((row) => rowMatches(row, needle));
}

export function tablePageCount(total: number, size: TPageSize): number {
  return size === 'all' ? 1 : pageCount(total, size);
}

/** A 1-based page number kept inside the pages that exist. */
export function clampPage(page: number, total: number, size: TPageSize): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), tablePageCount(total, size));
}

export interface RowRange {
  offset: number;
  limit: number;
}

/** Data rows of a page (1-based): offset and count. */
export function pageRange(page: number, size: TPageSize, total: number): RowRange {
  if (size === 'all') return { offset: 0, limit: total };
  const offset = (clampPage(page, total, size) - 1) * size;
  return { offset, limit: Math.max(0, Math.min(size, total - offset)) };
}

export function pageSlice<T>(rows: readonly T[], page: number, size: TPageSize): readonly T[] {
  const { offset, limit } = pageRange(page, size, rows.length);
  return rows.slice(offset, offset + limit);
}

/** 1-based numbers of the first and last row shown, for 'Zeilen 1–250 von 1.000'; 0–0 when empty. */
export function shownRows(page: number, size: TPageSize, total: number): { from: number; to: number } {
  const { offset, limit } = pageRange(page, size, total);
  return limit === 0 ? { from: 0, to: 0 } : { from: offset + 1, to: offset + limit };
}

/** Chunk numbers covering rows `first` … `last` (0-based, inclusive). */
export function chunksFor(first: number, last: number, chunkSize = ROW_CHUNK_SIZE): number[] {
  if (last < first || last < 0) return [];
  const chunks: number[] = [];
  for (
    let chunk = Math.floor(Math.max(0, first) / chunkSize);
    chunk <= Math.floor(last / chunkSize);
    chunk += 1
  ) {
    chunks.push(chunk);
  }
  return chunks;
}

/** A page of rows 'Alle' asks the server for: chunk number `chunk`, rows offset … offset+limit-1. */
export interface ChunkRequest extends RowRange {
  chunk: number;
}

/**
 * The pages 'Alle' needs while rows `first` … `last` are on screen: chunk 0 always (it tells how many rows
 * match), then the chunks covering the range. Each is one request of ROW_CHUNK_SIZE rows.
 */
export function chunkRequests(first: number, last: number): ChunkRequest[] {
  return [...new Set([0, ...chunksFor(first, last)])].map((chunk) => ({
    chunk,
    offset: chunk * ROW_CHUNK_SIZE,
    limit: ROW_CHUNK_SIZE,
  }));
}

/** The row at `index` from the chunk that holds it; undefined while that chunk is not loaded. */
export function rowInChunks(
  index: number,
  loaded: (chunk: number) => readonly TCsvRow[] | undefined,
): TCsvRow | undefined {
  const chunk = Math.floor(index / ROW_CHUNK_SIZE);
  return loaded(chunk)?.[index - chunk * ROW_CHUNK_SIZE];
}
