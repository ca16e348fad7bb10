import {
  EVENT_REMINDER_HOURS_DEFAULT,
  EVENT_SERIES_MAX,
  REGISTRATION_MESSAGES,
  type TEvent,
  type TEventChangeScope,
  type TEventInput,
  type TEventValues,
  type TRecurrenceInput,
} from '@portal/contract';
import { type ImageChoice, withImageChoice } from '../../../components/form/image-choice';
import { fromBerlinInput, toBerlinInput } from '../../../lib/berlin-time';

/**
 * The event form's values ⇄ the `event` JSON of POST /api/event/ (ZEventInput, SPEC §5). Times stay ISO
 * 8601 in UTC in the form (the pickers convert from and to Berlin time), so the contract's schema checks
 * exactly what is sent. The picture is no form value: the file travels as the multipart field `image`,
 * and `event.image: null` asks the server to remove the current one.
 */
export type EventFormValues = TEventInput;
export type EventFormOutput = TEventValues;

/** A new event on a clicked day starts at 09:00 and ends at 17:00, Berlin time. */
const PRESET_HOURS = { start: '09:00:00', end: '17:00:00' } as const;

export function initialEventValues(event: TEvent | undefined, presetDay?: string | null): EventFormValues {
  if (event) {
    return {
      id: event.id,
      name: event.name,
      description: event.description,
      location: event.location ?? '',
      start: event.start,
      end: event.end,
      url: event.url ?? '',
      teilnahmeausblenden: event.teilnahmeausblenden,
      external: event.external,
      registrationDeadline: event.registrationDeadline ?? '',
      maxParticipants: event.maxParticipants,
      waitingList: event.waitingList,
      maxGuests: event.maxGuests,
      reminderHours: event.reminderHours,
    };
  }
  return {
    name: '',
    description: '',
    location: '',
    start: presetDay ? fromBerlinInput(`${presetDay} ${PRESET_HOURS.start}`) : '',
    end: presetDay ? fromBerlinInput(`${presetDay} ${PRESET_HOURS.end}`) : '',
    url: '',
    teilnahmeausblenden: false,
    external: false,
    registrationDeadline: '',
    maxParticipants: null,
    waitingList: false,
    maxGuests: 0,
    reminderHours: EVENT_REMINDER_HOURS_DEFAULT,
    recurrence: null,
  };
}

/**
 * The `event` field: the checked values, plus `image: null` when the current picture is to go. A waiting
 * list needs a capacity; a series is set up only when the event is created (issue 35); `scope` says
 * whether a series' occurrence changes alone or with all following ones.
 */
export function eventPayload(
  values: EventFormOutput,
  image: ImageChoice,
  scope: TEventChangeScope | null = null,
): EventFormOutput {
  const { image: _unused, recurrence, scope: _scope, ...rest } = values;
  const payload: EventFormOutput = {
    ...rest,
    waitingList: rest.maxParticipants == null ? false : (rest.waitingList ?? false),
  };
  // an edit of a single event (no scope) sends a rule when one was chosen: it becomes a series; a series'
  // date never sends one (its form does not offer it)
  if (values.id === undefined || (scope === null && recurrence)) payload.recurrence = recurrence ?? null;
  if (scope !== null) payload.scope = scope;
  return withImageChoice(payload, image);
}

/** The rule a chosen 'Wiederholung' starts with: every week or month, ending after a number of dates. */
export function defaultRecurrence(
  frequency: TRecurrenceInput['frequency'],
  weekOfMonth: TRecurrenceInput['weekOfMonth'] = null,
): TRecurrenceInput {
  return {
    frequency,
    interval: 1,
    weekOfMonth: frequency === 'monthly' ? weekOfMonth : null,
    until: null,
    count: null,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** How many dates a rule has from the Berlin day `start` up to and including the day `until`. */
export function occurrencesUntil(
  rule: Pick<TRecurrenceInput, 'frequency' | 'interval'>,
  start: string,
  until: string,
): number {
  const first = Date.parse(start.slice(0, 10));
  const last = Date.parse(until);
  const every = rule.interval ?? 1;
  if (rule.frequency === 'weekly') return Math.floor((last - first) / (7 * every * DAY_MS)) + 1;
  const [y1 = 0, m1 = 0] = start.slice(0, 7).split('-').map(Number);
  const [y2 = 0, m2 = 0] = until.slice(0, 7).split('-').map(Number);
  return Math.floor((y2 * 12 + m2 - (y1 * 12 + m1)) / every) + 1;
}

/**
 * The checks of a series the server makes with the start (the contract's schema checks the rule alone):
 * its end date not before the start, at most EVENT_SERIES_MAX dates. Path and message per problem.
 */
export function recurrenceProblems(
  values: Pick<EventFormValues, 'start' | 'recurrence'>,
): { path: 'until'; message: string }[] {
  const rule = values.recurrence;
  const start = toBerlinInput(typeof values.start === 'string' ? values.start : '')?.slice(0, 10);
  if (!rule?.until || !start || !/^\d{4}-\d{2}-\d{2}$/.test(rule.until)) return [];
  if (rule.until < start) {
    return [{ path: 'until', message: REGISTRATION_MESSAGES.recurrenceUntilBeforeStart }];
  }
  if (occurrencesUntil(rule, start, rule.until) > EVENT_SERIES_MAX) {
    return [{ path: 'until', message: REGISTRATION_MESSAGES.recurrenceTooMany }];
  }
  return [];
}

/** How long a new event lasts until the admin sets its end (issue 31). */
const DEFAULT_LENGTH_MS = 2 * 60 * 60 * 1000;

const instant = (iso: string): number | null => {
  const time = iso === '' ? Number.NaN : Date.parse(iso);
  return Number.isNaN(time) ? null : time;
};

/**
 * The end after the start moved from `previousStart` to `start`, while the admin has not set the end
 * themselves (issue 31): it keeps the event's length, or is two hours after the start when there was no
 * length (a new event, an end before the old start). An empty or invalid start leaves the end as it is.
 */
export function endFollowingStart(previousStart: string, start: string, end: string): string {
  const from = instant(start);
  if (from === null) return end;
  const before = instant(previousStart);
  const until = instant(end);
  const length = before !== null && until !== null && until >= before ? until - before : DEFAULT_LENGTH_MS;
  return new Date(from + length).toISOString();
}
