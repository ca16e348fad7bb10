import '@mantine/core/styles/Skeleton.css';
import { Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { hasRole } from '@portal/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { de } from '../../../i18n/de';
import { useSession } from '../../../lib/use-session';
import { useNextEvents } from '../api/get-next-events';
import { EVENTS_PATH } from '../lib/event-path';
import { EventListItem } from './event-list-item';
import classes from './events.module.css';

/**
 * SPEC §2 Dashboard: the next 3 events with accept/decline. Partners see them read-only (no buttons, no
 * links: the event page is ROLE_USER).
 */
export function NextEvents() {
  const headingId = useId();
  const { user } = useSession();
  const isMember = user ? hasRole(user.roles, 'ROLE_USER') : false;
  const { data, isPending, isError } = useNextEvents();

  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId}>
      <Group justify="space-between" align="baseline">
        <Title id={headingId} order={2} size="h3">
          {de.events.next}
        </Title>
        {isMember && (
          <Anchor component={Link} to={EVENTS_PATH} size="sm">
            {de.events.all}
          </Anchor>
        )}
      </Group>
      {isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={de.app.loading}>
          <Skeleton height={72} radius="md" />
          <Skeleton height={72} radius="md" />
        </Stack>
      ) : isError ? null : data.length === 0 ? (
        <Text c="dimmed" size="sm">
          {de.events.noNext}
        </Text>
      ) : (
        <ul className={classes.list}>
          {data.map((event) => (
            <EventListItem key={event.id} event={event} withLink={isMember} />
          ))}
        </ul>
      )}
    </Stack>
  );
}
