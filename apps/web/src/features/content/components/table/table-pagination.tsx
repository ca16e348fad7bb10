import '@mantine/core/styles/Pagination.css';
import { Pagination } from '@mantine/core';
import { de } from '../../../../i18n/de';

interface TablePaginationProps {
  page: number;
  total: number;
  onChange: (page: number) => void;
}

const CONTROL_LABELS = {
  first: de.content.table.firstPage,
  previous: de.content.table.previousPage,
  next: de.content.table.nextPage,
  last: de.content.table.lastPage,
} as const;

/** Page buttons under the table, shown when there is more than one page. */
export function TablePagination({ page, total, onChange }: TablePaginationProps) {
  if (total <= 1) return null;
  return (
    <nav aria-label={de.content.table.pagination}>
      <Pagination
        value={page}
        total={total}
        onChange={onChange}
        size="sm"
        withEdges={total > 5}
        siblings={1}
        getItemProps={(item) => ({ 'aria-label': de.content.table.page(item) })}
        getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
      />
    </nav>
  );
}
