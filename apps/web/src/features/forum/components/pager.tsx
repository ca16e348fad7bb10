import '@mantine/core/styles/Pagination.css';
import { Pagination } from '@mantine/core';
import { de } from '../../../i18n/de';

interface PagerProps {
  page: number;
  total: number;
  onChange: (page: number) => void;
  label: string;
}

const CONTROL_LABELS = {
  first: de.forums.firstPage,
  previous: de.forums.previousPage,
  next: de.forums.nextPage,
  last: de.forums.lastPage,
} as const;

/** Page buttons of a thread's posts or a forum's threads; nothing when there is one page. */
export function Pager({ page, total, onChange, label }: PagerProps) {
  if (total <= 1) return null;
  return (
    <nav aria-label={label}>
      <Pagination
        value={page}
        total={total}
        onChange={onChange}
        size="sm"
        withEdges={total > 5}
        siblings={1}
        getItemProps={(item) => ({ 'aria-label': de.forums.page(item) })}
        getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
      />
    </nav>
  );
}
