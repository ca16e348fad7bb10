import { Badge } from '@mantine/core';
import type { TEvent } from '@portal/contract';
import { de } from '../../../i18n/de';
import { badgeStatus, STATUS_COLOR } from '../lib/event-status';

/** SPEC §4 colours with their word ('Zugesagt', 'Abgesagt', 'Offen', 'Extern'), so colour is never alone. */
export function StatusBadge({
  event,
}: {
  event: Pick<TEvent, 'external' | 'mySubscription' | 'teilnahmeausblenden'>;
}) {
  const status = badgeStatus(event);
  if (status === null) return null;
  return (
    <Badge color={STATUS_COLOR[status]} variant="filled" data-status={status} style={{ flexShrink: 0 }}>
      {de.events.status[status]}
    </Badge>
  );
}
