import '@mantine/core/styles/Table.css';
import { Anchor, Table, VisuallyHidden } from '@mantine/core';
import type { TEvent } from '@portal/contract';
import type { ReactNode } from 'react';
import { de } from '../../../i18n/de';
import { formatDateTime } from '../../../lib/formatting';
import { formatEventRange } from '../lib/event-dates';
import { recurrenceWords } from '../lib/recurrence';

type FactEvent = Pick<TEvent, 'start' | 'end' | 'location' | 'registrationDeadline' | 'url'> &
  Partial<Pick<TEvent, 'recurrence'>>;

/** SPEC §2 Event detail: dates, location, registration deadline and link, as label/value rows. */
export function EventFacts({ event, withLink = true }: { event: FactEvent; withLink?: boolean }) {
  const rows: [string, ReactNode][] = [[de.events.when, formatEventRange(event.start, event.end)]];
  if (event.recurrence) {
    rows.push([de.events.series, recurrenceWords(event.recurrence, event.start)]);
  }
  if (event.location) rows.push([de.events.location, event.location]);
  if (event.registrationDeadline) {
    rows.push([de.events.deadline, formatDateTime(event.registrationDeadline)]);
  }
  if (withLink && event.url) {
    rows.push([
      de.events.link,
      <Anchor
        key="link"
        href={event.url}
        target="_blank"
        rel="noopener noreferrer"
        style={{ wordBreak: 'break-all' }}
      >
        {event.url}
        <VisuallyHidden>{` ${de.common.opensInNewTab}`}</VisuallyHidden>
      </Anchor>,
    ]);
  }
  return (
    <Table variant="vertical" layout="fixed" withRowBorders={false} verticalSpacing={4} horizontalSpacing={0}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={140} fw={600} style={{ background: 'none', verticalAlign: 'top' }}>
              {label}
            </Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
