/** Set-up rows of events and members' answers (see builders.ts). */
import { at, type Builder, type Built, dbOf, type Moment, nextNumber } from './builders.ts';

/** An event in a week, three hours long, without a deadline. */
export async function buildEvent(
  w: Builder,
  overrides: {
    name?: string;
    description?: string;
    location?: string | null;
    start?: Moment;
    end?: Moment;
    url?: string | null;
    external?: boolean;
    teilnahmeausblenden?: boolean;
    registrationDeadline?: Moment | null;
    createdAt?: Moment;
    maxParticipants?: number | null;
    waitingList?: boolean;
    maxGuests?: number;
  } = {},
): Promise<Built> {
  const start = at(overrides.start, new Date(Date.now() + 7 * 24 * 60 * 60_000));
  const name = overrides.name ?? `Veranstaltung ${nextNumber()}`;
  const createdAt = at(overrides.createdAt);
  const deadline = overrides.registrationDeadline;
  const row = await dbOf(w)
    .insertInto('events')
    .values({
      name,
      description: overrides.description ?? '<p>Zwei Tage Fachvorträge und Ausstellung.</p>',
      location: overrides.location === undefined ? 'Messe Düsseldorf, Halle 11' : overrides.location,
      startAt: start,
      endAt: at(overrides.end, new Date(start.getTime() + 3 * 60 * 60_000)),
      url: overrides.url ?? null,
      external: overrides.external ?? false,
      teilnahmeausblenden: overrides.teilnahmeausblenden ?? false,
      registrationDeadline: deadline === undefined || deadline === null ? null : at(deadline),
      maxParticipants: overrides.maxParticipants ?? null,
      waitingList: overrides.waitingList ?? false,
      maxGuests: overrides.maxGuests ?? 0,
      createdAt,
      updatedAt: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name };
}

/** A member's answer to an event (true: attends, with `guests`); the event's kept counts follow by trigger. */
export async function buildAnswer(
  w: Builder,
  answer: { eventId: number; userId: number; status: boolean; guests?: number; at?: Moment },
): Promise<void> {
  const moment = at(answer.at);
  await dbOf(w)
    .insertInto('eventSubscriptions')
    .values({
      eventId: answer.eventId,
      userId: answer.userId,
      status: answer.status,
      guests: answer.guests ?? 0,
      createdAt: moment,
      updatedAt: moment,
    })
    .execute();
}

/** A waiting place at the end of the event's waiting list (issue 35). */
export async function buildWaiting(
  w: Builder,
  place: { eventId: number; userId: number; guests?: number; at?: Moment },
): Promise<void> {
  await dbOf(w)
    .insertInto('eventWaitlist')
    .values({
      eventId: place.eventId,
      userId: place.userId,
      guests: place.guests ?? 0,
      createdAt: at(place.at),
    })
    .execute();
}
