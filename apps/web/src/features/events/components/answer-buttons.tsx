import { Button, Group, Text } from '@mantine/core';
import type { TEvent } from '@portal/contract';
import { IconCheck, IconX } from '@tabler/icons-react';
import { de } from '../../../i18n/de';
import { answerMode } from '../lib/event-status';
import { useAnswerEvent } from './use-answer-event';

type AnswerableEvent = Pick<
  TEvent,
  'id' | 'name' | 'external' | 'teilnahmeausblenden' | 'registrationOpen' | 'canSubscribe' | 'mySubscription'
>;

/**
 * 'Zusagen' / 'Absagen' (SPEC §4): the button of the current status is disabled; after the deadline only
 * 'Anmeldeschluss abgelaufen'; nothing for external events and events with teilnahmeausblenden.
 * Disabled by `aria-disabled`, not `disabled`: a pressed button that turned disabled would drop the focus to
 * the page's start (issue 31 point 4); this way it stays on the answer group.
 */
export function AnswerButtons({ event, size = 'xs' }: { event: AnswerableEvent; size?: 'xs' | 'sm' }) {
  const { answer, pendingId } = useAnswerEvent();
  const mode = answerMode(event);
  if (mode === 'none' || mode === 'readOnly') return null;
  if (mode === 'closed') {
    return (
      <Text size="sm" c="dimmed" fw={500}>
        {de.events.deadlinePassed}
      </Text>
    );
  }
  const busy = pendingId === event.id;
  const press = (attend: boolean) => {
    if (busy || event.mySubscription === attend) return;
    void answer(event, attend);
  };
  const disabledProps = (off: boolean) => (off ? { 'data-disabled': true, 'aria-disabled': true } : {});
  return (
    <Group gap="xs" role="group" aria-label={de.events.answerOf(event.name)} wrap="nowrap">
      <Button
        size={size}
        color="green"
        variant={event.mySubscription === true ? 'filled' : 'light'}
        leftSection={<IconCheck size={14} aria-hidden />}
        {...disabledProps(event.mySubscription === true || busy)}
        onClick={() => press(true)}
      >
        {de.events.attend}
      </Button>
      <Button
        size={size}
        color="red"
        variant={event.mySubscription === false ? 'filled' : 'light'}
        leftSection={<IconX size={14} aria-hidden />}
        {...disabledProps(event.mySubscription === false || busy)}
        onClick={() => press(false)}
      >
        {de.events.decline}
      </Button>
    </Group>
  );
}
