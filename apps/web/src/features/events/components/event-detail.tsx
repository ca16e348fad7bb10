import { APP_PATHS } from '@portal/contract';
import '@mantine/core/styles/Skeleton.css';
import { Alert, Button, Divider, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { IconBan, IconCalendarDown, IconPencil, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useAlerts } from '../../../components/feedback/alerts';
import { useConfirm } from '../../../components/feedback/confirm';
import { LoadFailed } from '../../../components/feedback/load-failed';
import { Page } from '../../../components/page/page';
import { RichText } from '../../../components/rich-text';
import { de } from '../../../i18n/de';
import { ApiError } from '../../../lib/api-error';
import { useIsAdmin } from '../../../lib/use-session';
import { useCancelEvent } from '../api/cancel-event';
import { useDeleteEvent } from '../api/delete-event';
import { downloadIcs } from '../api/downloads';
import { useEvent } from '../api/get-event';
import { AnswerButtons } from './answer-buttons';
import { EventFacts } from './event-facts';
import { useEventFormSheet } from './event-form-sheet';
import classes from './events.module.css';
import { Participants } from './participants';
import { RegistrationMarks } from './registration-marks';
import { chooseScope } from './scope-choice';
import { StatusBadge } from './status-badge';

const crumbs = [
  { label: de.pages.dashboard, to: APP_PATHS.dashboard },
  { label: de.pages.events, to: APP_PATHS.events },
];

/** /event/:id (SPEC §2): dates, image, location, deadline, link, description; admins see the participants. */
export function EventDetail({ id }: { id: number }) {
  const query = useEvent(id);
  const { data: event, isPending, isError } = query;
  const isAdmin = useIsAdmin();
  const openForm = useEventFormSheet();
  const remove = useDeleteEvent();
  const cancel = useCancelEvent();
  const confirm = useConfirm();
  const alerts = useAlerts();
  const navigate = useNavigate();

  if (isPending) {
    return (
      <Page title={de.pages.events} breadcrumbs={crumbs}>
        <Skeleton height={240} radius="md" role="progressbar" aria-busy="true" aria-label={de.app.loading} />
      </Page>
    );
  }
  if (isError) {
    return (
      <Page title={de.pages.events} breadcrumbs={crumbs}>
        {query.error instanceof ApiError && query.error.status === 404 ? (
          <Alert color="gray" variant="light">
            {de.events.notFound}
          </Alert>
        ) : (
          <LoadFailed text={de.events.eventLoadFailed} query={query} />
        )}
      </Page>
    );
  }

  async function deleteEvent() {
    if (!event) return;
    const yes = await confirm({
      title: de.deletion.title,
      text: de.events.deleteText(event.name),
      danger: true,
    });
    if (!yes) return;
    const scope = await chooseScope(event, de.events.scope.deleteText);
    if (scope === null) return;
    try {
      await remove.mutateAsync({ id: event.id, scope });
    } catch {
      return;
    }
    alerts.success(de.events.deleted);
    void navigate(APP_PATHS.events);
  }

  /** Issue 35 point 4: the event stays, marked 'Abgesagt'; attendees and those waiting get a mail. */
  async function cancelEvent() {
    if (!event) return;
    const yes = await confirm({
      title: de.events.cancelTitle,
      text: de.events.cancelText(event.name),
      confirmLabel: de.events.cancelConfirm,
      cancelLabel: de.confirm.no,
      danger: true,
    });
    if (!yes) return;
    const scope = await chooseScope(event, de.events.scope.cancelText);
    if (scope === null) return;
    try {
      await cancel.mutateAsync({ id: event.id, scope });
    } catch {
      return;
    }
    alerts.success(de.events.cancelledBanner(event.name));
  }

  return (
    <Page
      title={event.name}
      breadcrumbs={[...crumbs, { label: event.name }]}
      actions={
        isAdmin && (
          <Group gap="xs">
            <Button
              variant="light"
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={() => openForm({ event })}
            >
              {de.common.edit}
            </Button>
            {!event.cancelled && (
              <Button
                variant="default"
                leftSection={<IconBan size={16} aria-hidden />}
                onClick={() => void cancelEvent()}
              >
                {de.events.cancel}
              </Button>
            )}
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => void deleteEvent()}
            >
              {de.common.delete}
            </Button>
          </Group>
        )
      }
    >
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          {event.image && (
            <img src={event.image} alt={de.events.imageAlt(event.name)} className={classes.picture} />
          )}
          <Group justify="space-between" align="flex-start" gap="sm">
            <Group gap="xs">
              <StatusBadge event={event} />
              <RegistrationMarks event={event} />
            </Group>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconCalendarDown size={16} aria-hidden />}
              onClick={() => void downloadIcs(event)}
            >
              {de.events.ics}
            </Button>
          </Group>
          <EventFacts event={event} />
          <AnswerButtons event={event} size="sm" />
          <Divider />
          <RichText html={event.description} />
        </Stack>
      </Paper>
      {isAdmin && <Participants event={event} />}
    </Page>
  );
}
