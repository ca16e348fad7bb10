import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { TEvent } from '@portal/contract';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { de } from '../../../i18n/de';
import { answerMode } from '../lib/event-status';
import { acceptState } from '../lib/registration';
import { useAnswerEvent } from './use-answer-event';

type AnswerableEvent = Pick<
  TEvent,
  | 'id'
  | 'name'
  | 'external'
  | 'teilnahmeausblenden'
  | 'registrationOpen'
  | 'canSubscribe'
  | 'mySubscription'
  | 'freePlaces'
  | 'waitingList'
  | 'maxGuests'
  | 'myGuests'
  | 'myWaitlistPosition'
  | 'cancelled'
>;

const wholeGuests = (text: string): number => {
  const value = Number.parseInt(text, 10);
  return Number.isNaN(value) || value < 0 ? 0 : value;
};

/**
 * 'Zusagen' / 'Absagen' (SPEC §4): the button of the current status is disabled; after the deadline only
 * 'Anmeldeschluss abgelaufen'; nothing for external events and events with teilnahmeausblenden.
 * Issue 35: with companions allowed a 'Begleitpersonen' number beside 'Zusagen' (a member with a place may
 * change it and accept again); a full event with a waiting list says 'Auf die Warteliste'; one without has
 * 'Zusagen' disabled and the reason as text.
 * Disabled by `aria-disabled`, not `disabled`: a pressed button that turned disabled would drop the focus to
 * the page's start (issue 31 point 4); this way it stays on the answer group.
 */
export function AnswerButtons({ event, size = 'xs' }: { event: AnswerableEvent; size?: 'xs' | 'sm' }) {
  const { answer, pendingId } = useAnswerEvent();
  const [guests, setGuests] = useState(event.myGuests);
  const reasonId = useId();
  const mode = answerMode(event);
  if (event.cancelled || mode === 'none' || mode === 'readOnly') return null;
  if (mode === 'closed') {
    return (
      <Text size="sm" c="dimmed" fw={500}>
        {de.events.deadlinePassed}
      </Text>
    );
  }
  const busy = pendingId === event.id;
  const withGuests = event.maxGuests > 0;
  const chosenGuests = withGuests ? Math.min(guests, event.maxGuests) : 0;
  const state = acceptState(event, chosenGuests);
  const placed = event.mySubscription === true && chosenGuests === event.myGuests;
  const acceptOff = placed || event.myWaitlistPosition !== null || state.kind === 'refused' || busy;
  const press = (attend: boolean) => {
    if (busy || (attend ? acceptOff : event.mySubscription === false)) return;
    void answer(event, attend, attend ? chosenGuests : 0);
  };
  const disabledProps = (off: boolean) => (off ? { 'data-disabled': true, 'aria-disabled': true } : {});
  const refused = state.kind === 'refused' && !placed && event.myWaitlistPosition === null;
  return (
    <Stack gap={4}>
      <Group gap="xs" role="group" aria-label={de.events.answerOf(event.name)} wrap="wrap" align="flex-end">
        {withGuests && (
          // A plain number field: the dashboard shows this too, and NumberInput would add to its load.
          <TextInput
            size={size}
            type="number"
            inputMode="numeric"
            label={de.events.guests}
            aria-label={de.events.guestsOf(event.name)}
            min={0}
            max={event.maxGuests}
            step={1}
            value={String(chosenGuests)}
            onChange={(change) => setGuests(wholeGuests(change.currentTarget.value))}
            w={130}
          />
        )}
        <Group gap="xs" wrap="nowrap">
          <Button
            size={size}
            color="green"
            variant={event.mySubscription === true ? 'filled' : 'light'}
            leftSection={<IconCheck size={14} aria-hidden />}
            aria-describedby={refused ? reasonId : undefined}
            {...disabledProps(acceptOff)}
            onClick={() => press(true)}
          >
            {state.kind === 'waitlist' && event.myWaitlistPosition === null && event.mySubscription !== true
              ? de.events.joinWaitlist
              : de.events.attend}
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
      </Group>
      {refused && (
        <Text id={reasonId} size="sm" c="red.9" fw={500}>
          {state.reason}
        </Text>
      )}
    </Stack>
  );
}
