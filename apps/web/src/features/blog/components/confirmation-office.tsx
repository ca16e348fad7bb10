import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TBlog, TConfirmationMember } from '@portal/contract';
import { IconBellRinging, IconDownload } from '@tabler/icons-react';
import { useId } from 'react';
import { useAlerts } from '../../../components/feedback/alerts';
import { useConfirm } from '../../../components/feedback/confirm';
import { LoadFailed } from '../../../components/feedback/load-failed';
import { de } from '../../../i18n/de';
import { ApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/formatting';
import { downloadConfirmations, useConfirmations, useSendReminder } from '../api/confirmations';
import { groupByCompany } from '../lib/confirmations';
import classes from './circulars.module.css';

const texts = de.circulars.office;

/**
 * The office's view of a circular that asks for confirmation (issue 34 points 3 and 4): 'Bestätigt: 37 von
 * 52', who confirmed (name, company, time) and who is pending, grouped by company, the CSV of both and
 * 'Erinnerung senden'.
 */
export function ConfirmationOffice({ post }: { post: TBlog }) {
  const titleId = useId();
  const lists = useConfirmations(post.id);
  const reminder = useReminder(post);
  const confirmed = lists.data?.confirmed.length ?? post.confirmationCounts?.confirmed ?? 0;
  const total = lists.data
    ? lists.data.confirmed.length + lists.data.pending.length
    : (post.confirmationCounts?.total ?? 0);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} size="h4" id={titleId}>
              {texts.title}
            </Title>
            <Text fw={600} aria-live="polite">
              {texts.counts(confirmed, total)}
            </Text>
            {lists.data?.lastReminderAt && (
              <Text size="sm" c="dimmed">
                {texts.lastReminder(formatDateTime(lists.data.lastReminderAt))}
              </Text>
            )}
          </div>
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void downloadConfirmations(post)}
            >
              {texts.download}
            </Button>
            <Button
              variant="light"
              leftSection={<IconBellRinging size={16} aria-hidden />}
              loading={reminder.sending}
              onClick={() => void reminder.send(lists.data?.pending.length ?? total - confirmed)}
            >
              {texts.remind}
            </Button>
          </Group>
        </Group>
        {lists.isError ? (
          <LoadFailed text={texts.loadFailed} query={lists} />
        ) : (
          lists.data && (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <MemberList
                title={texts.confirmed}
                empty={texts.noneConfirmed}
                members={lists.data.confirmed}
              />
              <MemberList title={texts.pending} empty={texts.nonePending} members={lists.data.pending} />
            </SimpleGrid>
          )
        )}
      </Stack>
    </Paper>
  );
}

function useReminder(post: TBlog) {
  const confirm = useConfirm();
  const alerts = useAlerts();
  const mutation = useSendReminder(post.id);
  return {
    sending: mutation.isPending,
    async send(pending: number) {
      const confirmed = await confirm({
        title: texts.remindTitle,
        text: texts.remindText(pending),
        escapeCancels: true,
      });
      if (!confirmed) return;
      try {
        const result = await mutation.mutateAsync();
        alerts.success(texts.reminderSent(result.queued));
      } catch (error) {
        // The server's German reason (within 24 hours of the last one, no one pending) is no failure.
        if (error instanceof ApiError && error.status === 409) alerts.notice(error.message);
        else alerts.error(error instanceof Error ? error.message : de.errors.unexpected);
      }
    },
  };
}

function MemberList({
  title,
  empty,
  members,
}: {
  title: string;
  empty: string;
  members: readonly TConfirmationMember[];
}) {
  const titleId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId}>
        {title} ({members.length})
      </Title>
      {members.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        groupByCompany(members).map((group) => (
          <div key={group.company ?? ''}>
            <Text size="sm" fw={600}>
              {group.company ?? texts.noCompany}
            </Text>
            <ul className={classes.groupList}>
              {group.members.map((member) => (
                <li key={`${member.username}|${member.confirmedAt ?? ''}`} className={classes.memberRow}>
                  <Text size="sm" component="span">
                    {member.name}
                  </Text>
                  {member.confirmedAt && (
                    <Text size="sm" c="dimmed" component="span">
                      <time dateTime={member.confirmedAt}>{formatDateTime(member.confirmedAt)}</time>
                    </Text>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </Stack>
  );
}
