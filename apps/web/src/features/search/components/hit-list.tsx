import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { TSearchHit, TSearchResult } from '@portal/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { de } from '../../../i18n/de';
import { formatDate } from '../../../lib/formatting';
import { groupHits, type HitGroup, splitPartial } from '../lib/hit-groups';
import classes from './search.module.css';
import { Snippet } from './snippet';

interface HitListProps {
  hits: readonly TSearchHit[];
  counts: TSearchResult['counts'];
  capped: TSearchResult['capped'];
}

/**
 * One page of hits, grouped by type, each group headed by its type and how many hits it has in all. Hits that
 * hold only some of the words follow under a heading of their own (issue 33 point 5), grouped the same way.
 */
export function HitList({ hits, counts, capped }: HitListProps) {
  const { complete, partial } = splitPartial(hits);
  const partialId = useId();
  return (
    <Stack gap="lg">
      {groupHits(complete).map((group) => (
        <HitSection
          key={group.type}
          group={group}
          heading={de.search.chip(
            de.search.types[group.type],
            counts[group.type],
            capped.includes(group.type),
          )}
          order={2}
        />
      ))}
      {partial.length > 0 && (
        <section aria-labelledby={partialId}>
          <Stack gap="lg">
            <Title id={partialId} order={2} size="h3">
              {de.search.partial}
            </Title>
            {groupHits(partial).map((group) => (
              <HitSection key={group.type} group={group} heading={de.search.types[group.type]} order={3} />
            ))}
          </Stack>
        </section>
      )}
    </Stack>
  );
}

interface HitSectionProps {
  group: HitGroup;
  heading: string;
  order: 2 | 3;
}

function HitSection({ group, heading, order }: HitSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title id={headingId} order={order} size="h4">
        {heading}
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
