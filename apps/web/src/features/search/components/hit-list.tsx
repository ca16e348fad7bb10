import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { TSearchHit, TSearchResult } from '@portal/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { de } from '../../../i18n/de';
import { formatDate } from '../../../lib/formatting';
import { groupHits, type HitGroup } from '../lib/hit-groups';
import classes from './search.module.css';
import { Snippet } from './snippet';

interface HitListProps {
  hits: readonly TSearchHit[];
  counts: TSearchResult['counts'];
  capped: TSearchResult['capped'];
}

/** One page of hits, grouped by type, each group headed by its type and how many hits it has in all. */
export function HitList({ hits, counts, capped }: HitListProps) {
  return (
    <Stack gap="lg">
      {groupHits(hits).map((group) => (
        <HitSection
          key={group.type}
          group={group}
          count={counts[group.type]}
          more={capped.includes(group.type)}
        />
      ))}
    </Stack>
  );
}

function HitSection({ group, count, more }: { group: HitGroup; count: number; more: boolean }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title id={headingId} order={2} size="h4">
        {de.search.chip(de.search.types[group.type], count, more)}
      </Title>
      <ul className={classes.hits}>
        {group.hits.map((hit, index) => (
          // Table rows of one item share type, id and path; a page of hits is only ever replaced whole.
          // biome-ignore lint/suspicious/noArrayIndexKey: the place is the only thing that tells them apart
          <HitItem key={index} hit={hit} />
        ))}
      </ul>
    </section>
  );
}

function HitItem({ hit }: { hit: TSearchHit }) {
  return (
    <li className={classes.hit}>
      <Stack gap={4}>
        <Anchor component={Link} to={hit.path} fw={600}>
          {hit.title}
        </Anchor>
        <Group gap="xs">
          <Badge variant="light" size="sm">
            {de.search.types[hit.type]}
          </Badge>
          {hit.date && (
            <Text size="xs" c="dimmed" component="time" dateTime={hit.date}>
              {formatDate(hit.date)}
            </Text>
          )}
        </Group>
        {hit.snippet && (
          <Text size="sm" className={classes.snippet}>
            <Snippet snippet={hit.snippet} />
          </Text>
        )}
      </Stack>
    </li>
  );
}
