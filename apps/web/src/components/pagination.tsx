import '@mantine/core/styles/Pagination.css';
import { Pagination as MantinePagination } from '@mantine/core';
import { de } from '../i18n/de';

interface PaginationProps {
  page: number;
  /** The number of pages. */
  total: number;
  onChange: (page: number) => void;
  /** Names the list the pages belong to, e.g. 'Seiten der Beiträge'. */
  label: string;
  /** The blog's larger buttons without first and last page (SPEC §2 Blog: previous, numbers, next). */
  plain?: boolean;
}

/** Page buttons of a paged list; nothing when there is one page. */
export function Pagination({ page, total, onChange, label, plain = false }: PaginationProps) {
  if (total <= 1) return null;
  return (
    <nav aria-label={label}>
      <MantinePagination
        value={page}
        total={total}
        onChange={onChange}
        size={plain ? 'md' : 'sm'}
        withEdges={!plain && total > 5}
        siblings={1}
        getItemProps={(item) => ({ 'aria-label': de.pagination.page(item) })}
        getControlProps={(control) => ({ 'aria-label': de.pagination[control] })}
      />
    </nav>
  );
}
