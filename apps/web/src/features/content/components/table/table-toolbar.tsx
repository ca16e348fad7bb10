import { Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { de } from '../../../../i18n/de';
import { PAGE_SIZE_OPTIONS, parsePageSize, type TPageSize } from '../../lib/table-model';
import classes from './content-table.module.css';

interface TableToolbarProps {
  search: string;
  onSearch: (value: string) => void;
  pageSize: TPageSize;
  onPageSize: (size: TPageSize) => void;
  /** 'Zeilen 1–250 von 1.000'. */
  status: string;
  busy: boolean;
}

const SIZE_OPTIONS = PAGE_SIZE_OPTIONS.map((size) => ({
  value: String(size),
  label: size === 'all' ? de.content.table.all : String(size),
}));

/** Search over all cells, rows per page and what is shown. */
export function TableToolbar({ search, onSearch, pageSize, onPageSize, status, busy }: TableToolbarProps) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        type="search"
        label={de.content.table.search}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        style={{ flex: '1 1 220px', maxWidth: 420 }}
        size="sm"
      />
      <NativeSelect
        label={de.content.table.pageSize}
        data={SIZE_OPTIONS}
        value={String(pageSize)}
        onChange={(event) => onPageSize(parsePageSize(event.currentTarget.value))}
        size="sm"
        w={150}
      />
      <Text size="sm" c="dimmed" className={classes.status} aria-live="polite" aria-busy={busy} pb={6}>
        {status}
      </Text>
    </Group>
  );
}
