import type { TCsvCell, TCsvRow } from '@portal/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, useEffect, useMemo, useRef } from 'react';
import { de } from '../../../../i18n/de';
import classes from './content-table.module.css';
import { SideScroll } from './side-scroll';
import { CsvRowCells, CsvTableHead, type IndexedRow, useCsvTable } from './use-csv-table';
import { useSideScroll } from './use-side-scroll';

/** First guess of a row's height; rows are measured once rendered (long texts wrap). */
const ROW_ESTIMATE_PX = 33;
const COLUMN_MIN_PX = 160;

interface VirtualTableProps {
  header: readonly TCsvCell[];
  caption: string;
  total: number;
  /** The row at a place of the searched table; undefined while it is still loading. */
  rowAt: (index: number) => TCsvRow | undefined;
  /** Tells which rows are visible, so that they can be fetched. */
  onRange?: (first: number, last: number) => void;
}

/**
 * 'Alle' (SPEC §9): every row in a scroll container of fixed height, but only the visible rows (and a
 * few more) in the DOM, so 50,000 rows scroll as smoothly as 50.
 */
export function VirtualTable({ header, caption, total, rowAt, onRange }: VirtualTableProps) {
  const scrollRef = useRef<HTMLElement>(null);
  const edges = useSideScroll(scrollRef);
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: 12,
  });
  const visible = virtualizer.getVirtualItems();
  const first = visible[0]?.index ?? 0;
  const last = visible.at(-1)?.index ?? -1;

  useEffect(() => onRange?.(first, last), [first, last, onRange]);

  const windowRows = useMemo(() => {
    const rows: IndexedRow[] = [];
    for (let index = first; index <= last; index += 1) {
      const cells = rowAt(index);
      if (cells) rows.push({ index, cells });
    }
    return rows;
  }, [first, last, rowAt]);
  const table = useCsvTable(header, windowRows);
  const rowsByIndex = new Map(table.getRowModel().rows.map((row) => [row.original.index, row]));
  const style = {
    '--csv-columns': `repeat(${Math.max(header.length, 1)}, minmax(${COLUMN_MIN_PX}px, 1fr))`,
    minWidth: header.length * COLUMN_MIN_PX,
  } as CSSProperties;

  return (
    <SideScroll edges={edges}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll container must be reachable by keyboard to scroll it */}
      <section ref={scrollRef} className={classes.virtualScroll} tabIndex={0} aria-label={caption}>
        <table
          className={`${classes.table} ${classes.grid}`}
          style={style}
          aria-label={caption}
          aria-rowcount={total + 1}
        >
          <CsvTableHead table={table} />
          <tbody style={{ height: total === 0 ? 'auto' : virtualizer.getTotalSize() }}>
            {total === 0 && (
              <tr style={{ position: 'static' }}>
                <td className={classes.placeholder}>{de.content.table.noMatches}</td>
              </tr>
            )}
            {visible.map((item) => {
              const row = rowsByIndex.get(item.index);
              return (
                <tr
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  style={{ transform: `translateY(${item.start}px)` }}
                  aria-rowindex={item.index + 2}
                  data-odd={item.index % 2 === 1 || undefined}
                >
                  {row ? (
                    <CsvRowCells table={table} row={row} />
                  ) : (
                    <td className={classes.placeholder} aria-busy="true">
                      {de.content.table.loadingRows}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    </SideScroll>
  );
}
