import { Button, Group, Stack } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TEvent } from '@portal/contract';
import { APP_PATHS } from '@portal/contract';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { showOverlays } from '../../../components/overlay/overlays';
import { de } from '../../../i18n/de';
import { useEvent } from '../api/get-event';
import { AnswerButtons } from './answer-buttons';
import { EventFacts } from './event-facts';
import { RegistrationMarks } from './registration-marks';
import { StatusBadge } from './status-badge';

/**
 * SPEC §2 Events "event popup": the event's details with attend/decline, opened from the calendar. It
 * reads the event from the query cache, so an answer shows at once (status, disabled button).
 */
export function openEventPopup(event: TEvent): void {
  const modalId = `event-${event.id}`;
  // The dialogs' host loads after the first screen (issue 19): open once it listens.
  void showOverlays().then(() =>
    modals.open({
      modalId,
      title: event.name,
      size: 'lg',
      centered: true,
      closeButtonProps: { 'aria-label': de.dialog.close },
      children: <EventPopup placeholder={event} onClose={() => modals.close(modalId)} />,
    }),
  );
}

function EventPopup({ placeholder, onClose }: { placeholder: TEvent; onClose: () => void }) {
  const { data } = useEvent(placeholder.id, placeholder);
  const event = data ?? placeholder;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <StatusBadge event={event} />
        <RegistrationMarks event={event} />
      </Group>
      <EventFacts event={event} />
      <Group justify="space-between" gap="sm">
        <AnswerButtons event={event} size="sm" />
        <Button
          component={Link}
          to={APP_PATHS.event(event.id)}
          variant="subtle"
          rightSection={<IconArrowRight size={14} aria-hidden />}
          onClick={onClose}
          ml="auto"
        >
          {de.events.details}
        </Button>
      </Group>
    </Stack>
  );
}
