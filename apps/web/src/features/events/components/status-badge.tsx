import { Badge } from '@mantine/core';
import type { TEvent } from '@portal/contract';
import { de } from '../../../i18n/de';
import { badgeStatus, STATUS_COLOR } from '../lib/event-status';
import { waitlistLabel } from '../lib/registration';

/**
 * The status as a badge with its word ('Zugesagt', 'Abgesagt', 'Offen', 'Extern', 'Warteliste, Platz 3'), so
 * colour is never alone. A cancelled event shows 'Abgesagt' as the event's own mark (RegistrationMarks).
 */
export function StatusBadge({
  event,
}: {
  event: Pick<TEvent, 'external' | 'mySubscription' | 'teilnahmeausblenden'> &
    Partial<Pick<TEvent, 'myWaitlistPosition' | 'cancelled'>>;
}) {
  const status = badgeStatus(event);
  if (status === null || event.cancelled) return null;
  const word =
    status === 'waiting'
      ? (waitlistLabel({ myWaitlistPosition: event.myWaitlistPosition ?? null, cancelled: false }) ??
        de.events.status.waiting)
      : de.events.status[status];
  return (
    <Badge color={STATUS_COLOR[status]} variant="filled" data-status={status} style={{ flexShrink: 0 }}>
      {word}
    </Badge>
  );
}
