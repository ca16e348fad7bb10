import { REGISTRATION_LABELS, REGISTRATION_MESSAGES, type TEvent } from '@portal/contract';

/**
 * Issue 35: what an event says about its places and the caller's place. `freePlaces` null has no capacity
 * (nothing to say); 0 is 'ausgebucht'.
 */
type PlacesEvent = Pick<TEvent, 'freePlaces' | 'cancelled' | 'external' | 'teilnahmeausblenden'>;

/** 'noch 4 Plätze' / 'ausgebucht', or null (no capacity, cancelled, external, no registration). */
export function placesLabel(event: PlacesEvent): string | null {
  if (event.cancelled || event.external || event.teilnahmeausblenden || event.freePlaces === null) {
    return null;
  }
  return event.freePlaces > 0
    ? REGISTRATION_LABELS.placesLeft(event.freePlaces)
    : REGISTRATION_LABELS.fullyBooked;
}

/** 'Warteliste, Platz 3' while the caller waits, else null. */
export function waitlistLabel(event: Pick<TEvent, 'myWaitlistPosition' | 'cancelled'>): string | null {
  if (event.cancelled || event.myWaitlistPosition === null) return null;
  return REGISTRATION_LABELS.waitlistPosition(event.myWaitlistPosition);
}

/** What pressing 'Zusagen' does now, and why it cannot. */
export type AcceptState =
  /** a place is free (or there is no capacity) */
  | { kind: 'place' }
  /** full, with a waiting list: the button says 'Auf die Warteliste' */
  | { kind: 'waitlist' }
  /** full, without a waiting list: the button is disabled and the reason shown */
  | { kind: 'refused'; reason: string };

type AcceptEvent = Pick<
  TEvent,
  'freePlaces' | 'waitingList' | 'mySubscription' | 'myWaitlistPosition' | 'myGuests' | 'cancelled'
>;

/**
 * `guests` companions come along: the member's own place plus theirs must fit into the free places (for a
 * member who already has a place only the added companions count).
 */
export function acceptState(event: AcceptEvent, guests = 0): AcceptState {
  if (event.cancelled) return { kind: 'refused', reason: REGISTRATION_MESSAGES.cancelledNoRegistration };
  if (event.freePlaces === null || event.myWaitlistPosition !== null) return { kind: 'place' };
  const needed = event.mySubscription === true ? Math.max(0, guests - event.myGuests) : 1 + guests;
  if (event.freePlaces >= needed) return { kind: 'place' };
  if (event.waitingList) return { kind: 'waitlist' };
  if (event.freePlaces === 0) return { kind: 'refused', reason: REGISTRATION_MESSAGES.fullyBooked };
  return { kind: 'refused', reason: REGISTRATION_MESSAGES.notEnoughPlaces(event.freePlaces) };
}
