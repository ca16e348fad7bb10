import type { TContentItem } from '@portal/contract';
import { useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE, type TPageSize } from '../../lib/table-model';
import { LocalTable } from './local-table';
import { RemoteTable } from './remote-table';
import type { TableControls } from './table-frame';

/**
 * The searchable CSV table of a content item (SPEC §2 Content page): 250 rows a page by default, sizes
 * 10/25/50/100/250/all. Tables up to 1,000 rows arrive whole and are handled in the browser; larger ones
 * page and search on the server.
 */
export function ContentTable({ item, initialSearch = '' }: { item: TContentItem; initialSearch?: string }) {
  const csv = item.csvContent;
  const [search, setSearch] = useState(initialSearch);
  const [pageSize, setPageSize] = useState<TPageSize>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
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
  };
  return item.csvRowCount > rows.length ? (
    <RemoteTable item={item} header={header} inlineRows={rows} controls={controls} />
  ) : (
    <LocalTable title={item.title} header={header} rows={rows} controls={controls} />
  );
}
