import '@mantine/core/styles/Skeleton.css';
import { Skeleton, Stack } from '@mantine/core';
import type { TEvent } from '@portal/contract';
import { lazy, Suspense } from 'react';
import { useBottomSheet } from '../../../components/overlay/bottom-sheet';
import { de } from '../../../i18n/de';

/** The form (react-hook-form, date pickers, rich-text editor) loads only when an admin opens it. */
const EventForm = lazy(async () => ({ default: (await import('./event-form')).EventForm }));

export interface EventFormTarget {
  /** The event to edit; without it a new one. */
  event?: TEvent;
  /** A new event on this day (`YYYY-MM-DD`), from a click in the calendar. */
  day?: string;
}

/** Opens the event form in the bottom sheet. */
export function useEventFormSheet(): (target: EventFormTarget) => void {
  const sheet = useBottomSheet();
  return ({ event, day }) =>
    sheet.open({
      title: event ? de.events.edit : de.events.create,
      content: (
        <Suspense fallback={<FormSkeleton />}>
          <EventForm event={event} day={day ?? null} onDone={sheet.close} />
        </Suspense>
      ),
    });
}

function FormSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={de.app.loading}>
      <Skeleton height={36} />
      <Skeleton height={160} />
      <Skeleton height={36} />
    </Stack>
  );
}
