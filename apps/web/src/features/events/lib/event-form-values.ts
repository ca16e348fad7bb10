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
