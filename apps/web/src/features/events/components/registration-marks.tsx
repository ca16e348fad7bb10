import { Badge, Group } from '@mantine/core';
import type { TEvent } from '@portal/contract';
import { IconRepeat } from '@tabler/icons-react';
import { de } from '../../../i18n/de';
import { placesLabel } from '../lib/registration';

type MarkedEvent = Pick<TEvent, 'freePlaces' | 'cancelled' | 'external' | 'teilnahmeausblenden' | 'seriesId'>;

/**
 * Issue 35 points 1, 4 and 5: 'Abgesagt', the places ('noch 4 Plätze' / 'ausgebucht') and the series
 * marker, each with its word (colour is never alone). Nothing for an event without any of them. The
 * dashboard shows it too: no date library here (the series' rule in words is a fact of the detail).
 */
export function RegistrationMarks({ event }: { event: MarkedEvent }) {
  const places = placesLabel(event);
  const series = event.seriesId !== null;
  if (!event.cancelled && places === null && !series) return null;
  return (
    <Group gap={6} wrap="wrap">
      {event.cancelled && (
        <Badge color="dark" variant="filled" data-mark="cancelled">
          {de.events.cancelled}
        </Badge>
      )}
      {places !== null && (
        <Badge color={event.freePlaces === 0 ? 'red.9' : 'gray.8'} variant="outline" data-mark="places">
          {places}
        </Badge>
      )}
      {series && (
        <Badge
          color="blue"
          variant="light"
          data-mark="series"
          leftSection={<IconRepeat size={12} aria-hidden />}
        >
          {de.events.series}
        </Badge>
      )}
    </Group>
  );
}
