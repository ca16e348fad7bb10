import '@mantine/core/styles/Pagination.css';
import { Group, Pagination, Text } from '@mantine/core';
import { de } from '../../../i18n/de';
import { pageCount, pageRange } from '../lib/paging';

interface BlogPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}

const CONTROL_LABELS: Partial<Record<string, string>> = {
  previous: de.blog.previousPage,
  next: de.blog.nextPage,
};

/** SPEC §2 Blog: previous, page numbers and next; shown when there is more than one page. */
export function BlogPagination({ page, pageSize, total, onChange }: BlogPaginationProps) {
  const pages = pageCount(total, pageSize);
  const range = pageRange(page, pageSize, total);
  if (pages <= 1) return null;
  return (
    <Group justify="space-between" gap="sm">
      <nav aria-label={de.blog.pagination}>
        <Pagination
          value={page}
          total={pages}
          onChange={onChange}
          siblings={1}
          getItemProps={(item) => ({ 'aria-label': de.blog.page(item) })}
          getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
        />
      </nav>
      {range && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {de.blog.range(range.from, range.to, total)}
        </Text>
      )}
    </Group>
  );
}
