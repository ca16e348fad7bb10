import { Button } from '@mantine/core';
import { Link } from 'react-router';

interface FilterChipProps {
  label: string;
  /** The list's address with this filter: the filter lives in the address, so it can be linked and left. */
  to: string;
  active: boolean;
}

/** One chip of a row of filters (a blog tag, a kind of search hit); the chosen one is filled. */
export function FilterChip({ label, to, active }: FilterChipProps) {
  return (
    <Button
      component={Link}
      to={to}
      size="compact-sm"
      radius="xl"
      variant={active ? 'filled' : 'default'}
      fw={active ? 600 : 400}
      aria-current={active ? 'true' : undefined}
    >
      {label}
    </Button>
  );
}
