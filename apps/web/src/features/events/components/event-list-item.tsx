import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import type { TEvent } from '@portal/contract';
import { Link } from 'react-router';
import { formatEventRange } from '../lib/event-dates';
import { eventPath } from '../lib/event-path';
import { eventStatus } from '../lib/event-status';
import { AnswerButtons } from './answer-buttons';
import classes from './events.module.css';
import { StatusBadge } from './status-badge';

interface EventListItemProps {
  event: TEvent;
  /** Link the name to the detail page (not for partners on the dashboard: /event is ROLE_USER). */
  withLink?: boolean;
}

/** One event of the listing and the dashboard: date and time, name, location, status and attend/decline. */
export function EventListItem({ event, withLink = true }: EventListItemProps) {
  const status = eventStatus(event);
  return (
    <Paper component="li" withBorder radius="md" p="sm" className={classes.item} data-status={status}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            <time dateTime={event.start}>{formatEventRange(event.start, event.end)}</time>
          </Text>
          {withLink ? (
            <Anchor component={Link} to={eventPath(event.id)} fw={600}>
              {event.name}
            </Anchor>
          ) : (
            <Text fw={600}>{event.name}</Text>
          )}
          {event.location && (
            <Text size="sm" c="dimmed">
              {event.location}
            </Text>
          )}
        </Stack>
        <StatusBadge event={event} />
      </Group>
      <div className={classes.answers}>
        <AnswerButtons event={event} />
      </div>
    </Paper>
  );
}
