import { Alert, Stack } from '@mantine/core';
import type { TCsvCell, TCsvRow } from '@portal/contract';
import { Pagination } from '../../../../components/pagination';
import { de } from '../../../../i18n/de';
import { shownRows, type TPageSize, tablePageCount } from '../../lib/table-model';
import { PagedTable } from './paged-table';
import { TableToolbar } from './table-toolbar';
import { type IndexedRow, useCsvTable } from './use-csv-table';
import { VirtualTable } from './virtual-table';

export interface TableControls {
  search: string;
  onSearch: (value: string) => void;
  pageSize: TPageSize;
  onPageSize: (size: TPageSize) => void;
  page: number;
  onPage: (page: number) => void;
  /** The row (0-based in the unsearched table) a link asked for: highlighted and brought into view. */
  highlight?: number | undefined;
}

/** What a table shows now, from the inline rows or the server. */
export interface TableView {
  /** Rows of the searched table; null until known. */
  total: number | null;
  /** The current page (not for 'Alle'). */
  pageRows: readonly IndexedRow[];
  /** Any row of the searched table, for 'Alle'. */
  rowAt: (index: number) => TCsvRow | undefined;
  onRange?: (first: number, last: number) => void;
  loading: boolean;
  failed: boolean;
}

interface TableFrameProps {
  title: string;
  header: readonly TCsvCell[];
  view: TableView;
  controls: TableControls;
}

/** Toolbar, table (paged or virtualised) and page buttons of one content table. */
export function TableFrame({ title, header, view, controls }: TableFrameProps) {
  const total = view.total ?? 0;
  const caption = de.content.table.label(title);
  const { from, to } = shownRows(controls.page, controls.pageSize, total);
  const status = view.total === null ? de.content.table.loadingRows : de.content.table.rows(from, to, total);
  return (
    <Stack gap="xs">
      <TableToolbar
        search={controls.search}
        onSearch={controls.onSearch}
        pageSize={controls.pageSize}
        onPageSize={controls.onPageSize}
        status={status}
        busy={view.loading}
      />
      {view.failed ? (
        <Alert color="red" variant="light">
          {de.content.loadFailed}
        </Alert>
      ) : controls.pageSize === 'all' ? (
        <VirtualTable
          header={header}
          caption={caption}
          total={total}
          rowAt={view.rowAt}
          onRange={view.onRange}
        />
      ) : (
        <PagedRows
          header={header}
          caption={caption}
          total={total}
          rows={view.pageRows}
          highlight={controls.search === '' ? controls.highlight : undefined}
        />
      )}
      {controls.pageSize !== 'all' && (
        <Pagination
          page={controls.page}
          total={tablePageCount(total, controls.pageSize)}
          onChange={controls.onPage}
          label={de.content.table.pagination}
        />
      )}
    </Stack>
  );
}

function PagedRows(props: {
  header: readonly TCsvCell[];
  caption: string;
  total: number;
  rows: readonly IndexedRow[];
  highlight: number | undefined;
}) {
  const table = useCsvTable(props.header, props.rows);
  return <PagedTable table={table} caption={props.caption} total={props.total} highlight={props.highlight} />;
}
