import '@mantine/core/styles/Skeleton.css';
import { Skeleton } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { LoadFailed } from '../../../components/feedback/load-failed';
import { de } from '../../../i18n/de';
import { useEvents } from '../api/get-events';
import { berlinDay, type EventRange } from '../lib/calendar-range';

/** FullCalendar and its styles load only when the calendar is first shown. */
const EventCalendar = lazy(() => import('./event-calendar'));

interface CalendarViewProps {
  /** The first day of the month to show (`YYYY-MM-DD`). */
  month: string;
  onMonthChange: (month: string) => void;
  onCreateOnDay?: ((day: string) => void) | undefined;
}

/** The calendar mode: asks the server for the days the month view shows. */
export function CalendarView({ month, onMonthChange, onCreateOnDay }: CalendarViewProps) {
  const [range, setRange] = useState<EventRange | null>(null);
  const events = useEvents(range, range !== null);

  function changeRange(next: EventRange, currentStart: Date) {
    setRange((previous) => (previous?.from === next.from && previous.to === next.to ? previous : next));
    const shown = berlinDay(currentStart);
    if (shown !== month) onMonthChange(shown);
  }

  return (
    <Suspense fallback={<CalendarSkeleton />}>
      {events.isError && <LoadFailed text={de.events.loadFailed} query={events} />}
      <EventCalendar
        events={events.data ?? []}
        initialDate={month}
        onRangeChange={changeRange}
        onCreateOnDay={onCreateOnDay}
      />
    </Suspense>
  );
}

function CalendarSkeleton() {
  return (
    <Skeleton height={560} radius="md" role="progressbar" aria-busy="true" aria-label={de.app.loading} />
  );
}
