import { type RefObject, useEffect, useRef } from 'react';
import { de } from '../../../../i18n/de';
import { reveal } from '../../../../lib/reveal';
import classes from './content-table.module.css';
import { SideScroll } from './side-scroll';
import { CsvRowCells, type CsvTable, CsvTableHead } from './use-csv-table';
import { useSideScroll } from './use-side-scroll';

interface PagedTableProps {
  table: CsvTable;
  caption: string;
  /** Rows of the whole (searched) table, for screen readers. */
  total: number;
  /** The row (0-based) a search hit named: highlighted and brought into view once it shows (issue 31). */
  highlight?: number | undefined;
}

/**
 * One page of the table as a plain HTML table, scrolling sideways when it is wider than the page; then a
 * line above it and shading at the edges say so (issue 31), and the box takes the keyboard's arrows.
 */
export function PagedTable({ table, caption, total, highlight }: PagedTableProps) {
  const rows = table.getRowModel().rows;
  const ref = useRef<HTMLElement>(null);
  const edges = useSideScroll(ref);
  const sideways = edges.left || edges.right;
  useRevealRow(ref, rows.some((row) => row.original.index === highlight) ? highlight : undefined);
  return (
    <SideScroll edges={edges}>
      <section
        ref={ref}
        className={classes.scroll}
        // Scrollable, so reachable by keyboard (WCAG 2.1.1), and then a region named like its table.
        tabIndex={sideways ? 0 : undefined}
        aria-label={sideways ? caption : undefined}
      >
        <table className={classes.table} aria-label={caption} aria-rowcount={total + 1}>
          <CsvTableHead table={table} />
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={table.getAllColumns().length}>{de.content.table.noMatches}</td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr
                  key={row.id}
                  aria-rowindex={row.original.index + 2}
                  aria-current={row.original.index === highlight ? 'true' : undefined}
                  data-row={row.original.index}
                >
                  <CsvRowCells table={table} row={row} />
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>
    </SideScroll>
  );
}

/** Brings the highlighted row into view once, when it first shows (a large table's page arrives later). */
function useRevealRow(box: RefObject<HTMLElement | null>, row: number | undefined): void {
  const revealed = useRef(false);
  useEffect(() => {
    if (revealed.current || row === undefined) return;
    // After the frame's own landing on the page top, which runs later in the same commit.
    const frame = requestAnimationFrame(() => {
      revealed.current = true;
      reveal(box.current?.querySelector<HTMLElement>(`tr[data-row="${row}"]`) ?? null);
    });
    return () => cancelAnimationFrame(frame);
  }, [box, row]);
}
