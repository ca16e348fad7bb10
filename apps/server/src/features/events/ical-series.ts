import type { TRecurrence } from '@portal/contract';
import {
  type ICalCalendar,
  type ICalEventData,
  ICalEventRepeatingFreq,
  ICalEventStatus,
  type ICalRepeatingOptions,
  type ICalWeekday,
} from 'ical-generator';
import { Temporal } from 'temporal-polyfill';
import { rruleOf } from './event-series.ts';
import type { EventRow } from './events.repository.ts';

/**
 * A series in iCalendar (issue 35 point 5, decision 0167): one VEVENT with RRULE and EXDATE, its times in
 * TZID Europe/Berlin so that the wall-clock time holds across summer time (RFC 5545 §3.8.5.3), and a
 * RECURRENCE-ID override for each occurrence that differs from the rule's (moved, changed on its own,
 * cancelled).
 */

const TZID = 'Europe/Berlin';

/** Europe/Berlin's rules since 1996 (EU summer time), as RFC 5545 §3.6.5 wants one per TZID used. */
const BERLIN_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
  '',
].join('\r\n');

/** A calendar text with the Berlin VTIMEZONE before its first VEVENT, when a VEVENT uses it. */
export function withBerlinTimezone(text: string): string {
  if (!text.includes(`;TZID=${TZID}:`)) return text;
  const at = text.indexOf('BEGIN:VEVENT');
  return at < 0 ? text : `${text.slice(0, at)}${BERLIN_VTIMEZONE}${text.slice(at)}`;
}

const berlin = (instant: Date) =>
  Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(TZID);

/**
 * The rule as ical-generator's options: RRULE (as rruleOf writes it: BYDAY=2TU for the 2nd Tuesday is
 * BYDAY=TU;BYSETPOS=2 here, the same set of days for a monthly rule) and EXDATE for deleted occurrences.
 */
function repeatingOf(rule: TRecurrence, first: Date, exceptions: readonly Date[]): ICalRepeatingOptions {
  const parts = new Map(
    rruleOf(rule, first)
      .split(';')
      .map((part) => part.split('=') as [string, string]),
  );
  const byDay = (parts.get('BYDAY') ?? '').replace(/^-?\d/, '') as ICalWeekday;
  const until = parts.get('UNTIL');
  return {
    freq: rule.frequency === 'weekly' ? ICalEventRepeatingFreq.WEEKLY : ICalEventRepeatingFreq.MONTHLY,
    interval: rule.interval,
    byDay: [byDay],
    ...(rule.frequency === 'monthly' ? { bySetPos: [rule.weekOfMonth ?? 1] } : {}),
    ...(rule.count !== null ? { count: rule.count } : {}),
    ...(until ? { until: untilDate(until) } : {}),
    ...(exceptions.length > 0 ? { exclude: exceptions.map(berlin) } : {}),
  };
}

/** `20261231T225959Z` back to its instant. */
function untilDate(value: string): Temporal.ZonedDateTime {
  const iso = `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}T${value.slice(9, 11)}:${value.slice(11, 13)}:${value.slice(13, 15)}Z`;
  return Temporal.Instant.from(iso).toZonedDateTimeISO('UTC');
}

/** What the calendar shows of a series: its rule, all its occurrences and the starts of deleted ones. */
export interface SeriesData {
  rule: TRecurrence;
  occurrences: readonly EventRow[];
  exceptions: readonly Date[];
}

/** The fields of an event's VEVENT besides its times, as ical.ts writes them. */
export type EventFields = (event: EventRow) => Omit<ICalEventData, 'start' | 'end'>;

const duration = (row: EventRow) => row.endAt.getTime() - row.startAt.getTime();

/** Whether an occurrence differs from the rule's template so that it needs its own RECURRENCE-ID override. */
function differs(row: EventRow, template: EventRow): boolean {
  return (
    row.recurrenceId === null ||
    row.startAt.getTime() !== row.recurrenceId.getTime() ||
    duration(row) !== duration(template) ||
    row.cancelledAt !== null ||
    row.name !== template.name ||
    row.description !== template.description ||
    row.location !== template.location ||
    row.url !== template.url
  );
}

/** One occurrence as an override of its series' UID: the series event at its RECURRENCE-ID. */
function addOverride(calendar: ICalCalendar, row: EventRow, uid: string, fields: EventFields): void {
  calendar.createEvent({
    ...fields(row),
    id: uid,
    start: berlin(row.startAt),
    end: berlin(row.endAt),
    timezone: TZID,
    recurrenceId: berlin(row.recurrenceId ?? row.startAt),
    ...(row.cancelledAt ? { status: ICalEventStatus.CANCELLED } : {}),
  });
}

/** The series as the master VEVENT (the rule, from the template's fields) and its overrides. */
export function addSeries(
  calendar: ICalCalendar,
  series: SeriesData,
  uid: string,
  fields: EventFields,
): void {
  const rows = [...series.occurrences].sort(
    (a, b) => (a.recurrenceId?.getTime() ?? 0) - (b.recurrenceId?.getTime() ?? 0),
  );
  const template = rows[0];
  if (!template) return;
  const first = [template.recurrenceId ?? template.startAt, ...series.exceptions].reduce((a, b) =>
    b < a ? b : a,
  );
  calendar.createEvent({
    ...fields(template),
    id: uid,
    start: berlin(first),
    end: berlin(new Date(first.getTime() + duration(template))),
    timezone: TZID,
    repeating: repeatingOf(series.rule, first, series.exceptions),
  });
  for (const row of rows) if (differs(row, template)) addOverride(calendar, row, uid, fields);
}

/** One occurrence alone (its download, the reminder's attachment), with the series' UID and RECURRENCE-ID. */
export function addOccurrence(calendar: ICalCalendar, row: EventRow, uid: string, fields: EventFields): void {
  addOverride(calendar, row, uid, fields);
}
