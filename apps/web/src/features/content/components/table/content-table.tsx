import type { TContentItem } from '@portal/contract';
import { useMemo, useState } from 'react';
import { pageOfRow } from '../../lib/linked-item';
import { DEFAULT_PAGE_SIZE, type TPageSize } from '../../lib/table-model';
import { LocalTable } from './local-table';
import { RemoteTable } from './remote-table';
import type { TableControls } from './table-frame';

interface ContentTableProps {
  item: TContentItem;
  initialSearch?: string;
  /** A search hit's row (0-based): the table opens at its page, the row highlighted (issue 31). */
  initialRow?: number | undefined;
}

/**
 * The searchable CSV table of a content item (SPEC §2 Content page): 250 rows a page by default, sizes
 * 10/25/50/100/250/all. Tables up to 1,000 rows arrive whole and are handled in the browser; larger ones
 * page and search on the server.
 */
export function ContentTable({ item, initialSearch = '', initialRow }: ContentTableProps) {
  const csv = item.csvContent;
  const [search, setSearch] = useState(initialSearch);
  const [pageSize, setPageSize] = useState<TPageSize>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(() =>
    initialRow === undefined ? 1 : pageOfRow(initialRow, DEFAULT_PAGE_SIZE),
  );
  const header = csv?.[0];
  const rows = useMemo(() => csv?.slice(1) ?? [], [csv]);
  if (!header) return null;

  const controls: TableControls = {
    search,
    onSearch: (value) => {
      setSearch(value);
      setPage(1);
    },
    pageSize,
    onPageSize: (size) => {
      setPageSize(size);
      setPage(1);
    },
    page,
    onPage: setPage,
    highlight: initialRow,
  };
  return item.csvRowCount > rows.length ? (
    <RemoteTable item={item} header={header} inlineRows={rows} controls={controls} />
  ) : (
    <LocalTable title={item.title} header={header} rows={rows} controls={controls} />
  );
}
