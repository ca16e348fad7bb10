import { Button, Group, Stack } from '@mantine/core';
import { APP_PATHS } from '@portal/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Page } from '../../../components/page/page';
import { de } from '../../../i18n/de';
import { useIsAdmin } from '../../../lib/use-session';
import { berlinDay } from '../lib/calendar-range';
import { readViewMode, type ViewMode, writeViewMode } from '../lib/view-mode';
import { CalendarSubscription } from './calendar-subscription';
import { CalendarView } from './calendar-view';
import { useEventFormSheet } from './event-form-sheet';
import { EventList } from './event-list';
import { ViewModeSwitch } from './view-mode-switch';

/** /event: the events as calendar or listing (SPEC §2), the mode remembered; admins create events here. */
export function EventsOverview() {
  const isAdmin = useIsAdmin();
  const openForm = useEventFormSheet();
  const [mode, setMode] = useState<ViewMode>(() => readViewMode());
  const [month, setMonth] = useState(() => `${berlinDay().slice(0, 7)}-01`);

  function changeMode(next: ViewMode) {
    setMode(next);
    writeViewMode(next);
  }

  return (
    <Page
      title={de.pages.events}
      breadcrumbs={[{ label: de.pages.dashboard, to: APP_PATHS.dashboard }, { label: de.pages.events }]}
      actions={
        isAdmin && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => openForm({})}>
            {de.events.create}
          </Button>
        )
      }
    >
      <Stack gap="md">
        <Group>
          <ViewModeSwitch value={mode} onChange={changeMode} />
        </Group>
        {mode === 'calendar' ? (
          <CalendarView
            month={month}
            onMonthChange={setMonth}
            onCreateOnDay={isAdmin ? (day) => openForm({ day }) : undefined}
          />
        ) : (
          <EventList />
        )}
        <CalendarSubscription />
      </Stack>
    </Page>
  );
}
