import '@mantine/core/styles/Table.css';
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { TEvent } from '@portal/contract';
import { IconDownload } from '@tabler/icons-react';
import { useId } from 'react';
import { de } from '../../../i18n/de';
import { downloadParticipants } from '../api/downloads';

const texts = de.events.participants;

/**
 * Admins (SPEC §2/§6): the participant list with name, e-mail and company, the participant count and the
 * CSV download; not for external events, which have no participants.
 */
export function Participants({ event }: { event: TEvent }) {
  const headingId = useId();
  if (event.external) return null;
  const answers = event.eventSubscriptions;
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
        <Text fw={600}>{texts.count(event.participantCount ?? 0)}</Text>
        <Text c="dimmed">{texts.declined(event.declinedCount ?? 0)}</Text>
      </Group>
      {answers.length === 0 ? (
        <Text c="dimmed" size="sm">
          {texts.empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped withTableBorder aria-labelledby={headingId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{texts.name}</Table.Th>
                <Table.Th>{texts.email}</Table.Th>
                <Table.Th>{texts.company}</Table.Th>
                <Table.Th>{texts.status}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answers.map(({ user, status }) => (
                <Table.Tr key={user.username}>
                  <Table.Td>{user.username}</Table.Td>
                  <Table.Td>{user.email ?? ''}</Table.Td>
                  <Table.Td>{user.company ?? ''}</Table.Td>
                  <Table.Td>
                    <Badge color={status ? 'green' : 'red'} variant="light">
                      {status ? de.events.status.accepted : de.events.status.declined}
                    </Badge>
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
