import type { TEvent, TWaitlistEntry } from '@portal/contract';
import type { Principal } from '../../platform/auth/principal.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { EventRow } from './events.repository.ts';
import { freePlaces, registrationRepository } from './registration.repository.ts';

type RegistrationFields = Pick<
  TEvent,
  | 'maxParticipants'
  | 'waitingList'
  | 'maxGuests'
  | 'freePlaces'
  | 'myWaitlistPosition'
  | 'myGuests'
  | 'waitlist'
  | 'guestCount'
  | 'waitingCount'
>;

/**
 * The registration part of the event JSON (issue 35). The counts come from the row (decision 0088); only the
 * caller's own waiting places are read for a list, every waiting place only for an admin reading one event.
 * `myGuests` of a place comes from the caller's answer (`placeGuests`).
 */
export async function registrationFieldsOf(
  executor: Executor,
  rows: readonly EventRow[],
  principal: Principal,
  everyone: boolean,
): Promise<(row: EventRow, placeGuests: number | undefined) => RegistrationFields> {
  const ids = rows.map((row) => row.id);
  const user = { username: principal.username, email: principal.email, company: principal.company };
  const mine = await registrationRepository.myWaitingPlaces(executor, ids, principal.id);
  const lists = new Map<number, TWaitlistEntry[]>();
  if (everyone) {
    const waiting = rows.some((row) => row.waitingCount > 0)
      ? await registrationRepository.waitlistsOf(executor, ids)
      : [];
    for (const row of waiting) {
      const list = lists.get(row.eventId) ?? [];
      list.push({
        user: { username: row.username, email: row.email, company: row.company },
        position: row.position,
        guests: row.guests,
        answeredAt: row.createdAt.toISOString(),
      });
      lists.set(row.eventId, list);
    }
  } else {
    for (const [eventId, place] of mine) {
      lists.set(eventId, [
        { user, position: place.position, guests: place.guests, answeredAt: place.createdAt.toISOString() },
      ]);
    }
  }
  return (row, placeGuests) => {
    const waiting = mine.get(row.id);
    return {
      maxParticipants: row.maxParticipants,
      waitingList: row.waitingList,
      maxGuests: row.maxGuests,
      freePlaces: freePlaces(row),
      myWaitlistPosition: waiting?.position ?? null,
      myGuests: placeGuests ?? waiting?.guests ?? 0,
      waitlist: lists.get(row.id) ?? [],
      guestCount: principal.isAdmin ? row.guestCount : null,
      waitingCount: principal.isAdmin ? row.waitingCount : null,
    };
  };
}
