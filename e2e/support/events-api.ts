/**
 * Events and answers through the API, so that event specs create their own events with unique names and
 * remove them afterwards.
 */
import { EVENTS_API, type TRecurrenceInput } from '@portal/contract';
import { ApiClient } from './api-client.ts';

export interface TEventFixture {
  name: string;
  description?: string;
  location?: string | null;
  start: Date;
  end: Date;
  url?: string | null;
  registrationDeadline?: Date | null;
  external?: boolean;
  teilnahmeausblenden?: boolean;
  /** issue 35 */
  maxParticipants?: number | null;
  waitingList?: boolean;
  maxGuests?: number;
  recurrence?: TRecurrenceInput | null;
}

interface TEventAnswer {
  mySubscription: boolean | null;
  participantCount: number | null;
  myWaitlistPosition: number | null;
  freePlaces: number | null;
  seriesId: number | null;
}

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

export class EventsApi extends ApiClient {
  /** Creates an event; returns its id. */
  async createEvent(fixture: TEventFixture): Promise<number> {
    const event = {
      name: fixture.name,
      description: fixture.description ?? `<p>Beschreibung von ${fixture.name}</p>`,
      location: fixture.location ?? 'Düsseldorf',
      start: fixture.start.toISOString(),
      end: fixture.end.toISOString(),
      url: fixture.url ?? null,
      registrationDeadline: fixture.registrationDeadline?.toISOString() ?? null,
      external: fixture.external ?? false,
      teilnahmeausblenden: fixture.teilnahmeausblenden ?? false,
      ...(fixture.maxParticipants !== undefined && { maxParticipants: fixture.maxParticipants }),
      ...(fixture.waitingList !== undefined && { waitingList: fixture.waitingList }),
      ...(fixture.maxGuests !== undefined && { maxGuests: fixture.maxGuests }),
      ...(fixture.recurrence !== undefined && { recurrence: fixture.recurrence }),
    };
    return (await this.postForm<{ id: number }>(EVENTS_API.save, { event: JSON.stringify(event) })).id;
  }

  /** Attends (true) or declines (false) as this user, with `guests` companions (issue 35). */
  async answer(id: number, attend: boolean, guests = 0): Promise<TEventAnswer> {
    const form: Record<string, string> = { event: JSON.stringify({ id }), status: attend ? '1' : '0' };
    if (guests > 0) form.guests = String(guests);
    return (await this.send('POST', EVENTS_API.status, { form })).json() as Promise<TEventAnswer>;
  }

  event(id: number): Promise<TEventAnswer> {
    return this.get<TEventAnswer>(EVENTS_API.byId(id));
  }

  /** Ids of the events with exactly this name (of the next 100 and the past year's latest 100). */
  async idsNamed(name: string): Promise<number[]> {
    const events = [
      ...(await this.get<{ id: number; name: string }[]>(`${EVENTS_API.list}?scope=upcoming&limit=100`)),
      ...(await this.get<{ id: number; name: string }[]>(`${EVENTS_API.list}?scope=past&limit=100`)),
    ];
    return events.filter((event) => event.name === name).map((event) => event.id);
  }

  /** Deletes events; missing ones are fine. */
  async deleteEvents(ids: readonly number[]): Promise<void> {
    for (const id of ids) await this.delete(EVENTS_API.byId(id), { expect: [204, 404] });
  }
}
