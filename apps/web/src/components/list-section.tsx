import '@mantine/core/styles/Skeleton.css';
import { Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { de } from '../i18n/de';
import { LazyLoadFailed } from './feedback/lazy-load-failed';

interface ListSectionProps<T> {
  title: string;
  /** The link to the whole list beside the headline; null for none. */
  more: { to: string; label: string } | null;
  query: UseQueryResult<T[]>;
  /** The height of the two placeholders shown while loading. */
  placeholderHeight: number;
  empty: string;
  /** Shown with 'Erneut versuchen' when the list could not be loaded. */
  failed: string;
  children: (items: T[]) => ReactNode;
}

/**
 * A short list on the dashboard: headline, a link to all, two placeholders while loading, a note when empty,
 * and when it could not be loaded, that with 'Erneut versuchen'.
 */
export function ListSection<T>({
  title,
  more,
  query,
  placeholderHeight,
  empty,
  failed,
  children,
}: ListSectionProps<T>) {
  const headingId = useId();
  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId}>
      <Group justify="space-between" align="baseline">
        <Title id={headingId} order={2} size="h3">
          {title}
        </Title>
        {more && (
          <Anchor component={Link} to={more.to} size="sm">
            {more.label}
          </Anchor>
        )}
      </Group>
      {query.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={de.app.loading}>
          <Skeleton height={placeholderHeight} radius="md" />
          <Skeleton height={placeholderHeight} radius="md" />
        </Stack>
      ) : query.isError ? (
        <LazyLoadFailed text={failed} query={query} />
      ) : query.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : (
        children(query.data)
      )}
    </Stack>
  );
}
