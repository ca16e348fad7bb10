import { Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Crumb, useBreadcrumbs } from './breadcrumbs';

interface PageProps {
  title: string;
  breadcrumbs: readonly Crumb[];
  /** Buttons shown beside the headline (e.g. admin actions). */
  actions?: ReactNode;
  children?: ReactNode;
}

/** A screen inside the frame: sets the breadcrumbs and shows the headline. */
export function Page({ title, breadcrumbs, actions, children }: PageProps) {
  useBreadcrumbs(breadcrumbs);
  return (
    <Stack gap="md" mt="sm">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Stack>
  );
}
