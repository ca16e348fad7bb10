import type { TEvent, TEventInput, TEventValues } from '@portal/contract';
import { type ImageChoice, withImageChoice } from '../../../components/form/image-choice';
import { fromBerlinInput } from '../../../lib/berlin-time';

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
  };
}

/** The `event` field: the checked values, plus `image: null` when the current picture is to go. */
export function eventPayload(values: EventFormOutput, image: ImageChoice): EventFormOutput {
  const { image: _unused, ...rest } = values;
  return withImageChoice(rest, image);
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
