import { Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Crumb, useBreadcrumbs } from './breadcrumb-trail';
import { useDocumentTitle } from './use-document-title';

interface PageProps {
  title: string;
  /** The browser tab's title when it should say more than the headline (default: the headline). */
  tabTitle?: string;
  breadcrumbs: readonly Crumb[];
  /** Buttons shown beside the headline (e.g. admin actions). */
  actions?: ReactNode;
  children?: ReactNode;
}

/** A screen inside the frame: sets the breadcrumbs and the tab title and shows the headline. */
export function Page({ title, tabTitle, breadcrumbs, actions, children }: PageProps) {
  useBreadcrumbs(breadcrumbs);
  useDocumentTitle(tabTitle ?? title);
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
