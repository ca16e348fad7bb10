import { de } from '../../../../i18n/de';
import classes from './content-table.module.css';
import type { CsvTable } from './use-csv-table';

interface PagedTableProps {
  table: CsvTable;
  caption: string;
  /** Rows of the whole (searched) table, for screen readers. */
  total: number;
}

/** One page of the table as a plain HTML table, scrolling sideways when it is wider than the page. */
export function PagedTable({ table, caption, total }: PagedTableProps) {
  const rows = table.getRowModel().rows;
  return (
    <div className={classes.scroll}>
      <table className={classes.table} aria-label={caption} aria-rowcount={total + 1}>
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
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={table.getAllColumns().length}>{de.content.table.noMatches}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id} aria-rowindex={row.original.index + 2}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
