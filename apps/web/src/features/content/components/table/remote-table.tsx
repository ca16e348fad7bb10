import { useDebouncedValue } from '@mantine/hooks';
import type { TContentItem, TCsvCell, TCsvRow } from '@portal/contract';
import { useQueries } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { contentRowsQuery, useContentRows } from '../../api/get-content-rows';
import { chunkRequests, clampPage, ROW_CHUNK_SIZE, rowInChunks, searchNeedle } from '../../lib/table-model';
import { type TableControls, TableFrame, type TableView } from './table-frame';
import type { IndexedRow } from './use-csv-table';

const SEARCH_DELAY_MS = 300;
/** Chunks no longer on screen are dropped soon, so scrolling through 50,000 rows keeps memory low. */
const CHUNK_GC_MS = 30_000;

interface RemoteTableProps {
  item: TContentItem;
  header: readonly TCsvCell[];
  /** The first rows, which arrived with the item. */
  inlineRows: readonly TCsvRow[];
  controls: TableControls;
}

/** A large table (more than 1,000 rows): pages and searches through GET /api/content/{id}/rows. */
export function RemoteTable({ item, header, inlineRows, controls }: RemoteTableProps) {
  const [debounced] = useDebouncedValue(controls.search, SEARCH_DELAY_MS);
  const q = searchNeedle(debounced);
  const all = controls.pageSize === 'all';
  const paged = usePagedRows(item, inlineRows, q, controls, !all);
  const chunked = useChunkedRows(item, q, all);
  const view = all ? chunked : paged;
  const page = clampPage(controls.page, view.total ?? 0, controls.pageSize);
  return (
    <TableFrame
      title={item.title}
      header={header}
      view={{ ...view, loading: view.loading || debounced !== controls.search }}
      controls={{ ...controls, page }}
    />
  );
}

function usePagedRows(
  item: TContentItem,
  inlineRows: readonly TCsvRow[],
  q: string,
  controls: TableControls,
  enabled: boolean,
): TableView {
  const size = controls.pageSize === 'all' ? ROW_CHUNK_SIZE : controls.pageSize;
  const offset = (Math.max(1, controls.page) - 1) * size;
  // The first rows came with the item: no request for them while nothing is searched.
  const inline = q === '' && offset + size <= inlineRows.length;
  const query = useContentRows(item.id, { offset, limit: size, q: q || undefined }, enabled && !inline);
  const pageRows = useMemo((): IndexedRow[] => {
    const rows = inline ? inlineRows.slice(offset, offset + size) : (query.data?.rows ?? []);
    const start = inline ? offset : (query.data?.offset ?? offset);
    return rows.map((cells, i) => ({ index: start + i, cells }));
  }, [inline, inlineRows, offset, size, query.data]);
  return {
    total: inline ? item.csvRowCount : (query.data?.total ?? null),
    pageRows,
    rowAt: () => undefined,
    loading: !inline && query.isFetching,
    failed: !inline && query.isError,
  };
}

function useChunkedRows(item: TContentItem, q: string, enabled: boolean): TableView {
  const [range, setRange] = useState({ first: 0, last: 0 });
  const requests = chunkRequests(range.first, range.last);
  const results = useQueries({
    queries: requests.map(({ offset, limit }) => ({
      ...contentRowsQuery(item.id, { offset, limit, q: q || undefined }),
      enabled,
      gcTime: CHUNK_GC_MS,
    })),
  });
  const loaded = results.map((result) => result.data);
  const chunks = requests.map((request) => request.chunk);
  const key = results.map((result) => result.dataUpdatedAt).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` changes exactly when a chunk's data does
  const rowAt = useCallback(
    (index: number): TCsvRow | undefined =>
      rowInChunks(index, (chunk) => loaded[chunks.indexOf(chunk)]?.rows),
    [key],
  );
  const onRange = useCallback((first: number, last: number) => {
    setRange((current) => (current.first === first && current.last === last ? current : { first, last }));
  }, []);
  return {
    total: loaded[0]?.total ?? null,
    pageRows: [],
    rowAt,
    onRange,
    loading: results.some((result) => result.isFetching),
    failed: results[0]?.isError ?? false,
  };
}
