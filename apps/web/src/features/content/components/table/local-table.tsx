import type { TCsvCell, TCsvRow } from '@portal/contract';
import { useCallback, useDeferredValue, useMemo } from 'react';
import { clampPage, filterRows, pageRange } from '../../lib/table-model';
import { type TableControls, TableFrame, type TableView } from './table-frame';
import type { IndexedRow } from './use-csv-table';

interface LocalTableProps {
  title: string;
  header: readonly TCsvCell[];
  rows: readonly TCsvRow[];
  controls: TableControls;
}

/** A table that arrived whole (up to 1,000 rows): searched and paged in the browser. */
export function LocalTable({ title, header, rows, controls }: LocalTableProps) {
  const search = useDeferredValue(controls.search);
  const filtered = useMemo(() => filterRows(rows, search), [rows, search]);
  const page = clampPage(controls.page, filtered.length, controls.pageSize);
  const { offset, limit } = pageRange(page, controls.pageSize, filtered.length);
  const pageRows = useMemo(
    () =>
      filtered.slice(offset, offset + limit).map((cells, i): IndexedRow => ({ index: offset + i, cells })),
    [filtered, offset, limit],
  );
  const rowAt = useCallback((index: number) => filtered[index], [filtered]);
  const view: TableView = {
    total: filtered.length,
    pageRows,
    rowAt,
    loading: search !== controls.search,
    failed: false,
  };
  return <TableFrame title={title} header={header} view={view} controls={{ ...controls, page }} />;
}
