import type { TCsvCell, TCsvRow } from '@portal/contract';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { cellText } from '../../lib/table-model';
import { CsvCell } from '../csv-cell';

/** A data row of a CSV table with its place (0-based) in the searched table, which is also its row id. */
export interface IndexedRow {
  index: number;
  cells: TCsvRow;
}

/** Search and paging happen before the table (lib/table-model, or the server), so only the core is needed. */
const features = tableFeatures({});
const columnHelper = createColumnHelper<typeof features, IndexedRow>();

function columnsOf(header: readonly TCsvCell[]) {
  return columnHelper.columns(
    header.map((title, column) =>
      columnHelper.accessor((row): TCsvCell => row.cells[column] ?? '', {
        id: `c${column}`,
        header: cellText(title),
        cell: (info) => <CsvCell cell={info.getValue()} />,
      }),
    ),
  );
}

/**
 * TanStack Table over the rows shown now (a page, or the window of the virtualised 'Alle' view).
 * `rows` must keep its identity between renders unless the rows change.
 */
export function useCsvTable(header: readonly TCsvCell[], rows: readonly IndexedRow[]) {
  const columns = useMemo(() => columnsOf(header), [header]);
  return useTable({
    features,
    columns,
    data: rows as IndexedRow[],
    getRowId: (row) => String(row.index),
  });
}

export type CsvTable = ReturnType<typeof useCsvTable>;

type CsvTableRow = ReturnType<CsvTable['getRowModel']>['rows'][number];

/** The header row of a CSV table, as the paged and the virtualised views show it. */
export function CsvTableHead({ table }: { table: CsvTable }) {
  return (
    <thead>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id} aria-rowindex={1}>
          {group.headers.map((header) => (
            <th key={header.id} scope="col">
              <table.FlexRender header={header} />
            </th>
          ))}
        </tr>
      ))}
    </thead>
  );
}

/** The cells of one data row. */
export function CsvRowCells({ table, row }: { table: CsvTable; row: CsvTableRow }) {
  return row.getAllCells().map((cell) => (
    <td key={cell.id}>
      <table.FlexRender cell={cell} />
    </td>
  ));
}
