import '@mantine/core/styles/Skeleton.css';
import { Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TEvent } from '@portal/contract';
import { useId, useMemo } from 'react';
import { de } from '../../../i18n/de';
import { useEvents } from '../api/get-events';
import { hasEnded } from '../lib/event-dates';
import { EventListItem } from './event-list-item';
import classes from './events.module.css';

/** The listing (SPEC §2 Events): upcoming events, soonest first, then the past year's, latest first. */
export function EventList() {
  const { data, isPending, isError } = useEvents(null);
  const [upcoming, past] = useMemo(() => split(data ?? []), [data]);

  if (isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={de.app.loading}>
        <Skeleton height={88} radius="md" />
        <Skeleton height={88} radius="md" />
      </Stack>
    );
  }
  if (isError) return <Text c="dimmed">{de.events.loadFailed}</Text>;
  return (
    <Stack gap="lg">
      <EventSection title={de.events.upcoming} events={upcoming} empty={de.events.noUpcoming} />
      {past.length > 0 && <EventSection title={de.events.past} events={past} />}
    </Stack>
  );
}

function EventSection({ title, events, empty }: { title: string; events: TEvent[]; empty?: string }) {
  const headingId = useId();
  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId}>
      <Title id={headingId} order={2} size="h3">
        {title}
      </Title>
      {events.length === 0 ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : (
        <ul className={classes.list}>
          {events.map((event) => (
            <EventListItem key={event.id} event={event} />
          ))}
        </ul>
      )}
    </Stack>
  );
}

function split(events: readonly TEvent[], now: number = Date.now()): [TEvent[], TEvent[]] {
  const upcoming = events.filter((event) => !hasEnded(event.end, now));
  const past = events.filter((event) => hasEnded(event.end, now)).reverse();
  return [upcoming, past];
}
