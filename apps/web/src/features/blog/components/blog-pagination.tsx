import { Group, Text } from '@mantine/core';
import { pageCount, pageRange } from '@portal/contract';
import { Pagination } from '../../../components/pagination';
import { de } from '../../../i18n/de';

interface BlogPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}

/** SPEC §2 Blog: previous, page numbers and next, beside the range shown; when there is more than one page. */
export function BlogPagination({ page, pageSize, total, onChange }: BlogPaginationProps) {
  const pages = pageCount(total, pageSize);
  const range = pageRange(page, pageSize, total);
  if (pages <= 1) return null;
  return (
    <Group justify="space-between" gap="sm">
      <Pagination plain page={page} total={pages} onChange={onChange} label={de.blog.pagination} />
      {range && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {de.blog.range(range.from, range.to, total)}
        </Text>
      )}
    </Group>
  );
}
