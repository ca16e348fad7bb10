import { EVENT_MESSAGES, MESSAGES, REGISTRATION_MESSAGES, type TEvent } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../helpers/builders.ts';
import {
  answerWith,
  createEvent,
  createEventWorld,
  type EventWorld,
  eventInput,
  getEvent,
  saveEvent,
} from './event-helpers.ts';

let w: EventWorld;
beforeAll(async () => {
  w = await createEventWorld();
});
afterAll(() => w.t.close());

/** A member of its own, logged in. */
async function member() {
  const user = await buildUser(w);
  return { ...user, headers: await w.login(user.username) };
}

describe('capacity and companions (issue 35 points 1, 2)', () => {
  it('should store the settings, keep them when an update omits them, and default a new event', async () => {
    const plain = await createEvent(w);
    expect(plain).toMatchObject({
      maxParticipants: null,
      waitingList: false,
      maxGuests: 0,
      freePlaces: null,
    });
    const event = await createEvent(w, { maxParticipants: 10, waitingList: true, maxGuests: 3 });
    expect(event).toMatchObject({ maxParticipants: 10, waitingList: true, maxGuests: 3, freePlaces: 10 });
    const updated = await saveEvent(w, w.as.admin, eventInput({ id: event.id, name: 'Neu' }));
    expect(updated.statusCode).toBe(200);
    expect(updated.json<TEvent>()).toMatchObject({
      name: 'Neu',
      maxParticipants: 10,
      waitingList: true,
      maxGuests: 3,
    });
    const unlimited = await saveEvent(w, w.as.admin, eventInput({ id: event.id, maxParticipants: null }));
    expect(unlimited.json<TEvent>()).toMatchObject({ maxParticipants: null, freePlaces: null });
  });

  it.each([
    [{ maxParticipants: 0 }, REGISTRATION_MESSAGES.capacityRange],
    [{ maxParticipants: 10_001 }, REGISTRATION_MESSAGES.capacityRange],
    [{ maxGuests: 21 }, REGISTRATION_MESSAGES.guestsLimitRange],
    [{ maxGuests: -1 }, REGISTRATION_MESSAGES.guestsLimitRange],
  ])('should refuse the settings %j with 400 and store nothing', async (settings, message) => {
    const before = await w.t.database.db.selectFrom('events').select('id').execute();
    const response = await saveEvent(w, w.as.admin, eventInput(settings));
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
    expect(await w.t.database.db.selectFrom('events').select('id').execute()).toHaveLength(before.length);
  });

  it('should count companions against the capacity and show the free places', async () => {
    const event = await createEvent(w, { maxParticipants: 5, maxGuests: 2 });
    const accepted = await answerWith(w, w.as.mitglied, event.id, 1, 2);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<TEvent>()).toMatchObject({
      mySubscription: true,
      myGuests: 2,
      myWaitlistPosition: null,
      freePlaces: 2,
      eventSubscriptions: [{ status: true, guests: 2 }],
    });
    const admin = await getEvent(w, w.as.admin, event.id);
    expect(admin).toMatchObject({ participantCount: 1, guestCount: 2, waitingCount: 0, freePlaces: 2 });
    const list = await w.json<TEvent[]>('/api/event/?scope=upcoming', w.as.kollegin);
    expect(list.find((shown) => shown.id === event.id)).toMatchObject({
      freePlaces: 2,
      guestCount: null,
      waitingCount: null,
    });
  });

  it('should refuse too many companions with 400 and write nothing', async () => {
    const event = await createEvent(w, { maxParticipants: 5, maxGuests: 1 });
    const tooMany = await answerWith(w, w.as.mitglied, event.id, 1, 2);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ detail: REGISTRATION_MESSAGES.guestsRange(1) });
    const none = await createEvent(w);
    const refused = await answerWith(w, w.as.mitglied, none.id, 1, 1);
    expect(refused.json()).toEqual({ detail: REGISTRATION_MESSAGES.guestsRange(0) });
    for (const bad of [-1, 21, 'abc']) {
      const response = await answerWith(w, w.as.mitglied, event.id, 1, bad);
      expect(response.statusCode).toBe(400);
    }
    expect(await getEvent(w, w.as.admin, event.id)).toMatchObject({
      participantCount: 0,
      eventSubscriptions: [],
    });
  });

  it('should refuse a full event without a waiting list with 409, and a party that does not fit', async () => {
    const event = await createEvent(w, { maxParticipants: 2, maxGuests: 2 });
    expect((await answerWith(w, w.as.mitglied, event.id, 1)).statusCode).toBe(200);
    const party = await answerWith(w, w.as.kollegin, event.id, 1, 2);
    expect(party.statusCode).toBe(409);
    expect(party.json()).toEqual({ detail: REGISTRATION_MESSAGES.notEnoughPlaces(1) });
    expect((await answerWith(w, w.as.kollegin, event.id, 1)).statusCode).toBe(200);
    const third = await member();
    const full = await answerWith(w, third.headers, event.id, 1);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ detail: REGISTRATION_MESSAGES.fullyBooked });
    const shown = await getEvent(w, third.headers, event.id);
    expect(shown).toMatchObject({ freePlaces: 0, mySubscription: null, canSubscribe: true });
  });

  it('should let companions of a place change only when they fit, and free places when fewer', async () => {
    const event = await createEvent(w, { maxParticipants: 4, maxGuests: 3 });
    await answerWith(w, w.as.mitglied, event.id, 1, 1);
    await answerWith(w, w.as.kollegin, event.id, 1);
    const more = await answerWith(w, w.as.mitglied, event.id, 1, 3);
    expect(more.statusCode).toBe(409);
    expect(more.json()).toEqual({ detail: REGISTRATION_MESSAGES.notEnoughPlaces(1) });
    const fits = await answerWith(w, w.as.mitglied, event.id, 1, 2);
    expect(fits.json<TEvent>()).toMatchObject({ myGuests: 2, freePlaces: 0 });
    const fewer = await answerWith(w, w.as.mitglied, event.id, 1, 0);
    expect(fewer.json<TEvent>()).toMatchObject({ myGuests: 0, freePlaces: 2 });
  });

  it('should keep the companions of a place or waiting place when an answer omits them (the spec’s form)', async () => {
    const event = await createEvent(w, { maxParticipants: 3, waitingList: true, maxGuests: 2 });
    await answerWith(w, w.as.mitglied, event.id, 1, 2);
    const again = await answerWith(w, w.as.mitglied, event.id, 1);
    expect(again.json<TEvent>()).toMatchObject({ mySubscription: true, myGuests: 2, freePlaces: 0 });
    await answerWith(w, w.as.kollegin, event.id, 1, 1);
    const waiting = await answerWith(w, w.as.kollegin, event.id, 1);
    expect(waiting.json<TEvent>()).toMatchObject({ myWaitlistPosition: 1, myGuests: 1 });
  });

  it('should refuse a capacity below the places taken with 400 and keep the event', async () => {
    const event = await createEvent(w, { maxParticipants: 5, maxGuests: 2 });
    await answerWith(w, w.as.mitglied, event.id, 1, 2);
    const response = await saveEvent(
      w,
      w.as.admin,
      eventInput({ id: event.id, name: 'Kleiner', maxParticipants: 2 }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: REGISTRATION_MESSAGES.capacityBelowTaken(3) });
    expect(await getEvent(w, w.as.admin, event.id)).toMatchObject({ name: event.name, maxParticipants: 5 });
    const exact = await saveEvent(w, w.as.admin, eventInput({ id: event.id, maxParticipants: 3 }));
    expect(exact.json<TEvent>()).toMatchObject({ maxParticipants: 3, freePlaces: 0 });
  });

  it("should free a deleted member's places and waiting place in the counts kept on the row", async () => {
    const event = await createEvent(w, { maxParticipants: 3, waitingList: true, maxGuests: 2 });
    const placed = await member();
    const waiting = await member();
    await answerWith(w, placed.headers, event.id, 1, 2);
    await answerWith(w, waiting.headers, event.id, 1, 1);
    expect(await getEvent(w, w.as.admin, event.id)).toMatchObject({
      freePlaces: 0,
      guestCount: 2,
      waitingCount: 1,
    });
    await w.t.database.db.deleteFrom('users').where('id', 'in', [placed.id, waiting.id]).execute();
    expect(await getEvent(w, w.as.admin, event.id)).toMatchObject({
      freePlaces: 3,
      participantCount: 0,
      guestCount: 0,
      waitingCount: 0,
      waitlist: [],
    });
  });

  it('should keep answering external and hidden events with 409 as before', async () => {
    const external = await createEvent(w, { external: true, maxParticipants: 3 });
    const response = await answerWith(w, w.as.mitglied, external.id, 1);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: EVENT_MESSAGES.externalNoRegistration });
  });

  it('should refuse a partner with 403 and a request without token with 401', async () => {
    const event = await createEvent(w, { maxParticipants: 3 });
    const partner = await answerWith(w, w.as.partner, event.id, 1);
    expect(partner.statusCode).toBe(403);
    expect(partner.json()).toEqual({ detail: MESSAGES.forbidden });
    expect((await answerWith(w, {}, event.id, 1)).statusCode).toBe(401);
  });
});
