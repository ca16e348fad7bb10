import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCalendarPlus, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { CopyButton } from '../../../components/copy-button';
import { useAlerts } from '../../../components/feedback/alerts';
import { useConfirm } from '../../../components/feedback/confirm';
import { de } from '../../../i18n/de';
import { formatDate } from '../../../lib/formatting';
import { useCalendarTokenState, useCreateCalendarLink, useRevokeCalendarLink } from '../api/calendar-token';

const texts = de.events.subscription;

/**
 * The member's personal calendar feed (beyond SPEC, docs/decisions/0037): create, replace
 * or revoke the address; it is shown once, right after it was made, with a copy button.
 */
export function CalendarSubscription() {
  const headingId = useId();
  const state = useCalendarTokenState();
  const create = useCreateCalendarLink();
  const revoke = useRevokeCalendarLink();
  const confirm = useConfirm();
  const alerts = useAlerts();
  const [url, setUrl] = useState<string | null>(null);
  const active = state.data?.active ?? false;

  async function makeLink() {
    if (active && !(await confirm({ title: texts.rotateTitle, text: texts.rotateText }))) return;
    try {
      setUrl((await create.mutateAsync()).url);
    } catch {
      // the API client has shown the error
    }
  }

  async function revokeLink() {
    if (!(await confirm({ title: texts.revokeTitle, text: texts.revokeText, danger: true }))) return;
    try {
      await revoke.mutateAsync();
    } catch {
      return;
    }
    setUrl(null);
    alerts.success(texts.revoked);
  }

  if (state.isError) return null;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title id={headingId} order={2} size="h4">
          {texts.heading}
        </Title>
        <Text size="sm">{texts.intro}</Text>
        <Text size="sm" c="dimmed">
          {active && state.data?.createdAt ? texts.active(formatDate(state.data.createdAt)) : texts.inactive}
        </Text>
        {url && (
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label={texts.url}
              description={texts.urlHint}
              value={url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: 1, minWidth: 0 }}
            />
            <CopyButton value={url} label={texts.copy} copiedLabel={texts.copied} color="blue" />
          </Group>
        )}
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconCalendarPlus size={16} aria-hidden />}
            loading={create.isPending}
            onClick={() => void makeLink()}
          >
            {active ? texts.rotate : texts.create}
          </Button>
          {active && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => void revokeLink()}
            >
              {texts.revoke}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
