import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import type { TEvent } from '@portal/contract';
import { APP_PATHS } from '@portal/contract';
import { Link } from 'react-router';
import { formatEventRange } from '../lib/event-dates';
import { eventStatus } from '../lib/event-status';
import { AnswerButtons } from './answer-buttons';
import classes from './events.module.css';
import { RegistrationMarks } from './registration-marks';
import { StatusBadge } from './status-badge';

interface EventListItemProps {
  event: TEvent;
  /**
   * The reader may open and answer events (ROLE_USER). Partners see the dashboard's events as dates only: no
   * link (/event is ROLE_USER), no status badge ('Offen' asks for an answer they cannot give) and no
   * answer area (issue 31).
   */
  forMember?: boolean;
}

/**
 * One event of the listing and the dashboard: date and time, name, location, 'Abgesagt' (struck through),
 * places and series (issue 35), status and attend/decline.
 */
export function EventListItem({ event, forMember = true }: EventListItemProps) {
  // A partner's list shows no status: its colour would say 'Offen' without the word (issue 31).
  const status = forMember ? eventStatus(event) : 'none';
  return (
    <Paper component="li" withBorder radius="md" p="sm" className={classes.item} data-status={status}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            <time dateTime={event.start}>{formatEventRange(event.start, event.end)}</time>
          </Text>
          {forMember ? (
            <Anchor
              component={Link}
              to={APP_PATHS.event(event.id)}
              fw={600}
              className={event.cancelled ? classes.cancelled : undefined}
            >
              {event.name}
            </Anchor>
          ) : (
            <Text fw={600} className={event.cancelled ? classes.cancelled : undefined}>
              {event.name}
            </Text>
          )}
          {event.location && (
            <Text size="sm" c="dimmed">
              {event.location}
            </Text>
          )}
          <RegistrationMarks event={event} />
        </Stack>
        {forMember && <StatusBadge event={event} />}
      </Group>
      {forMember && (
        <div className={classes.answers}>
          <AnswerButtons event={event} />
        </div>
      )}
    </Paper>
  );
}
