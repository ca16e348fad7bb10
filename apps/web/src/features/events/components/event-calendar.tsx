import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './event-calendar.css';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import germanLocale from '@fullcalendar/react/locales/de';
import classicTheme from '@fullcalendar/react/themes/classic';
import { VisuallyHidden } from '@mantine/core';
import type { TEvent } from '@portal/contract';
import { useMemo } from 'react';
import { de } from '../../../i18n/de';
import { TIME_ZONE } from '../../../lib/formatting';
import { berlinDay, type EventRange, isAfterToday, rangeQuery } from '../lib/calendar-range';
import { badgeStatus, type EventStatus, eventStatus, STATUS_CSS_COLOR } from '../lib/event-status';
import { placesLabel, waitlistLabel } from '../lib/registration';
import { openEventPopup } from './event-popup';

export interface EventCalendarProps {
  events: readonly TEvent[];
  /** The month shown first (the one shown last, when the member comes back from the listing). */
  initialDate: string;
  onRangeChange: (range: EventRange, currentStart: Date) => void;
  /** Admins: a click on a day after today opens the new-event form with that day (SPEC §5). */
  onCreateOnDay?: ((day: string) => void) | undefined;
}

/** A cancelled event's block: grey (gray-7 of the theme), white text 8:1. */
const CANCELLED_CSS_COLOR = '#495057';
const PLUGINS = [dayGridPlugin, interactionPlugin, classicTheme];
const TIME_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

/**
 * SPEC §2/§9 calendar: FullCalendar's month view, weeks from Monday, German names, 24-hour times, in Berlin
 * time. Each event has its status colour (SPEC §4) and word; a click opens the popup with attend/decline.
 * Loaded on demand with its styles (its own chunk).
 */
export default function EventCalendar({
  events,
  initialDate,
  onRangeChange,
  onCreateOnDay,
}: EventCalendarProps) {
  const byId = useMemo(() => new Map(events.map((event) => [String(event.id), event])), [events]);
  const inputs = useMemo(
    () =>
      events.map((event) => {
        const status = eventStatus(event);
        return {
          id: String(event.id),
          title: event.name,
          start: event.start,
          end: event.end,
          color: event.cancelled ? CANCELLED_CSS_COLOR : STATUS_CSS_COLOR[status],
          extendedProps: {
            status,
            word: badgeStatus(event),
            cancelled: event.cancelled,
            series: event.seriesId !== null,
            // issue 35: places, the own waiting place and 'Abgesagt' in words beside the title
            marks: [
              event.cancelled ? de.events.cancelled : null,
              waitlistLabel(event),
              placesLabel(event),
              event.seriesId !== null ? de.events.series : null,
            ].filter((mark) => mark !== null),
          },
        };
      }),
    [events],
  );

  return (
    <div className="portal-calendar" data-admin={onCreateOnDay ? true : undefined}>
      <FullCalendar
        plugins={PLUGINS}
        initialView="dayGridMonth"
        initialDate={initialDate}
        locale={germanLocale}
        firstDay={1}
        timeZone={TIME_ZONE}
        height="auto"
        headerToolbar={{ start: 'title', end: 'today prev,next' }}
        // The button says 'Heute'; its accessible name must contain that (WCAG 2.5.3), not 'Dieser Monat'.
        todayHint="Heute"
        eventTimeFormat={TIME_FORMAT}
        displayEventEnd={false}
        eventDisplay="block"
        eventInteractive
        dayMaxEvents={false}
        events={inputs}
        datesSet={(info) => onRangeChange(rangeQuery(info.start, info.end), info.view.currentStart)}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          const event = byId.get(info.event.id);
          if (event) openEventPopup(event);
        }}
        eventContent={(info) => {
          const status = info.event.extendedProps.status as EventStatus;
          const word = info.event.extendedProps.word as EventStatus | null;
          const cancelled = info.event.extendedProps.cancelled === true;
          const marks = info.event.extendedProps.marks as string[];
          return (
            <span
              className="portal-calendar-event"
              data-status={status}
              data-event-id={info.event.id}
              data-cancelled={cancelled || undefined}
              data-series={info.event.extendedProps.series === true || undefined}
            >
              {info.timeText && <b>{info.timeText} </b>}
              <span className="portal-calendar-title">{info.event.title}</span>
              {marks.length > 0 && <span className="portal-calendar-marks">{` · ${marks.join(' · ')}`}</span>}
              {word && !cancelled && word !== 'waiting' && (
                <VisuallyHidden>{`, ${de.events.status[word]}`}</VisuallyHidden>
              )}
            </span>
          );
        }}
        dayCellClass={(cell) =>
          onCreateOnDay && isAfterToday(berlinDay(cell.date)) ? 'portal-calendar-day-open' : ''
        }
        dateClick={(info) => {
          if (onCreateOnDay && isAfterToday(info.dateStr)) onCreateOnDay(info.dateStr.slice(0, 10));
        }}
      />
    </div>
  );
}
