import '@mantine/core/styles/Skeleton.css';
import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { EVENT_LIST_PAGE_SIZE, eventCursor, type TEvent, type TEventListScope } from '@portal/contract';
import { useId, useMemo, useState } from 'react';
import { LoadFailed } from '../../../components/feedback/load-failed';
import { de } from '../../../i18n/de';
import { useEvents, useMoreEvents } from '../api/get-events';
import { hasEnded } from '../lib/event-dates';
import { withFurther } from '../lib/event-pages';
import { EventListItem } from './event-list-item';
import classes from './events.module.css';

/**
 * The listing (SPEC §2 Events): upcoming events, soonest first, then the past year's, latest first. The
 * first screen holds a page of each (EVENT_LIST_PAGE_SIZE); 'Weitere Veranstaltungen' adds the next page.
 */
export function EventList() {
  const query = useEvents(null);
  const { data, isPending, isError } = query;
  const [upcoming, past] = useMemo(() => split(data ?? []), [data]);

  if (isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={de.app.loading}>
        <Skeleton height={88} radius="md" />
        <Skeleton height={88} radius="md" />
      </Stack>
    );
  }
  if (isError) return <LoadFailed text={de.events.loadFailed} query={query} />;
  return (
    <Stack gap="lg">
      <EventSection
        title={de.events.upcoming}
        scope="upcoming"
        events={upcoming}
        empty={de.events.noUpcoming}
      />
      {past.length > 0 && <EventSection title={de.events.past} scope="past" events={past} />}
    </Stack>
  );
}

interface EventSectionProps {
  title: string;
  scope: TEventListScope;
  /** the section's events of the first screen */
  events: TEvent[];
  empty?: string;
}

function EventSection({ title, scope, events, empty }: EventSectionProps) {
  const headingId = useId();
  const [asked, setAsked] = useState(false);
  const last = events.at(-1);
  const more = useMoreEvents(scope, last ? eventCursor(last) : null, asked);
  const shown = useMemo(() => withFurther(events, more.data?.pages ?? []), [events, more.data]);
  const hasMore = asked ? more.hasNextPage : events.length >= EVENT_LIST_PAGE_SIZE;
  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId}>
      <Title id={headingId} order={2} size="h3">
        {title}
      </Title>
      {shown.length === 0 ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : (
        <ul className={classes.list}>
          {shown.map((event) => (
            <EventListItem key={event.id} event={event} />
          ))}
        </ul>
      )}
      {more.isError && <LoadFailed text={de.events.loadFailed} query={more} />}
      {hasMore && (
        <Group justify="center">
          <Button
            variant="default"
            loading={more.isFetching}
            onClick={() => (asked ? void more.fetchNextPage() : setAsked(true))}
          >
            {de.events.more}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function split(events: readonly TEvent[], now: number = Date.now()): [TEvent[], TEvent[]] {
  const upcoming = events.filter((event) => !hasEnded(event.end, now));
  const past = events.filter((event) => hasEnded(event.end, now)).reverse();
  return [upcoming, past];
}
