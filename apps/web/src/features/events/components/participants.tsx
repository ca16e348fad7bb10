import '@mantine/core/styles/Table.css';
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { TEvent } from '@portal/contract';
import { IconDownload, IconUserMinus } from '@tabler/icons-react';
import { useId } from 'react';
import { useAlerts } from '../../../components/feedback/alerts';
import { useConfirm } from '../../../components/feedback/confirm';
import { de } from '../../../i18n/de';
import { formatDateTime } from '../../../lib/formatting';
import { downloadParticipants } from '../api/downloads';
import { useRemoveParticipant } from '../api/remove-participant';
import { type ParticipantRow, participantCounts, participantRows } from '../lib/participant-rows';

const texts = de.events.participants;

const STATUS_BADGE: Record<ParticipantRow['status'], string> = {
  accepted: 'green',
  waiting: 'orange',
  declined: 'red',
};

function statusWord(row: ParticipantRow): string {
  if (row.status === 'waiting') return texts.waitingStatus(row.position ?? 0);
  return row.status === 'accepted' ? de.events.status.accepted : de.events.status.declined;
}

/**
 * Admins (SPEC §2/§6, issue 35 point 6): the participant list with name, e-mail, company, status ('Zugesagt',
 * 'Warteliste, Platz n', 'Abgesagt'), companions and answer time, the waiting list in order; the counts
 * ('12 von 20 Plätzen vergeben, 3 auf der Warteliste'), 'Entfernen' per row and the CSV download; not for
 * external events, which have no participants.
 */
export function Participants({ event }: { event: TEvent }) {
  const headingId = useId();
  const remove = useRemoveParticipant();
  const confirm = useConfirm();
  const alerts = useAlerts();
  if (event.external) return null;
  const rows = participantRows(event);
  const counts = participantCounts(event);
  const summary =
    counts.capacity === null
      ? texts.count(event.participantCount ?? 0)
      : texts.summary([
          texts.taken(counts.taken, counts.capacity),
          ...(event.waitingList || counts.waiting > 0 ? [texts.waiting(counts.waiting)] : []),
        ]);

  async function removeRow(row: ParticipantRow) {
    const yes = await confirm({
      title: texts.removeTitle,
      text: texts.removeText(row.username, event.name),
      confirmLabel: texts.remove,
      danger: true,
    });
    if (!yes) return;
    try {
      await remove.mutateAsync({ eventId: event.id, username: row.username });
    } catch {
      return;
    }
    alerts.success(texts.removed(row.username));
  }

  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId}>
      <Group justify="space-between" align="center" gap="sm">
        <Title id={headingId} order={2} size="h3">
          {texts.heading}
        </Title>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => void downloadParticipants(event)}
        >
          {texts.csv}
        </Button>
      </Group>
      <Group gap="md">
        <Text fw={600} data-testid="participant-summary">
          {summary}
        </Text>
        <Text c="dimmed">{texts.declined(event.declinedCount ?? 0)}</Text>
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {texts.empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped withTableBorder aria-labelledby={headingId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{texts.name}</Table.Th>
                <Table.Th>{texts.email}</Table.Th>
                <Table.Th>{texts.company}</Table.Th>
                <Table.Th>{texts.status}</Table.Th>
                <Table.Th>{texts.guests}</Table.Th>
                <Table.Th>{texts.answeredAt}</Table.Th>
                <Table.Th>{texts.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.username} data-status={row.status}>
                  <Table.Td>{row.username}</Table.Td>
                  <Table.Td>{row.email ?? ''}</Table.Td>
                  <Table.Td>{row.company ?? ''}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Badge color={STATUS_BADGE[row.status]} variant="light" w="max-content">
                      {statusWord(row)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{row.guests}</Table.Td>
                  <Table.Td>
                    <time dateTime={row.answeredAt}>{formatDateTime(row.answeredAt)}</time>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconUserMinus size={14} aria-hidden />}
                      aria-label={texts.removeOf(row.username)}
                      onClick={() => void removeRow(row)}
                    >
                      {texts.remove}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
