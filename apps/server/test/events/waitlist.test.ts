import { MESSAGES, REGISTRATION_MESSAGES, type TEvent } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../helpers/builders.ts';
import {
  answerWith,
  auditEntries,
  createEvent,
  createEventWorld,
  type EventWorld,
  eventInput,
  getEvent,
  mailsTo,
  removeParticipant,
  saveEvent,
} from './event-helpers.ts';

let w: EventWorld;
beforeAll(async () => {
  w = await createEventWorld();
});
afterAll(() => w.t.close());

/** A member of its own with an address, logged in. */
async function member() {
  const user = await buildUser(w);
  return { ...user, email: `${user.username}@example.de`, headers: await w.login(user.username) };
}

/** An event of `places` places with a waiting list, and members holding every place. */
async function fullEvent(places: number, overrides: Parameters<typeof eventInput>[0] = {}) {
  const event = await createEvent(w, {
    maxParticipants: places,
    waitingList: true,
    maxGuests: 3,
    ...overrides,
  });
  const holders = [];
  for (let i = 0; i < places; i += 1) {
    const holder = await member();
    expect((await answerWith(w, holder.headers, event.id, 1)).statusCode).toBe(200);
    holders.push(holder);
  }
  return { event, holders };
}

describe('the waiting list (issue 35 point 1)', () => {
  it('should give a waiting place with its position when full, kept when answered again', async () => {
    const { event } = await fullEvent(1);
    const first = await member();
    const second = await member();
    const waiting = await answerWith(w, first.headers, event.id, 1, 1);
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json<TEvent>()).toMatchObject({
      mySubscription: null,
      myWaitlistPosition: 1,
      myGuests: 1,
      freePlaces: 0,
      eventSubscriptions: [],
      waitlist: [{ user: { username: first.username }, position: 1, guests: 1 }],
    });
    expect((await answerWith(w, second.headers, event.id, 1)).json<TEvent>().myWaitlistPosition).toBe(2);
    const again = await answerWith(w, first.headers, event.id, 1, 2);
    expect(again.json<TEvent>()).toMatchObject({ myWaitlistPosition: 1, myGuests: 2 });
    const admin = await getEvent(w, w.as.admin, event.id);
    expect(admin).toMatchObject({ waitingCount: 2, participantCount: 1 });
    expect(admin.waitlist.map((entry) => [entry.user.username, entry.position, entry.guests])).toEqual([
      [first.username, 1, 2],
      [second.username, 2, 0],
    ]);
    const list = await w.json<TEvent[]>('/api/event/?scope=upcoming', second.headers);
    expect(list.find((shown) => shown.id === event.id)).toMatchObject({
      myWaitlistPosition: 2,
      waitlist: [{ position: 2 }],
    });
  });

  it('should move the first up at once when a place is declined, and mail them in German', async () => {
    const { event, holders } = await fullEvent(1, { location: 'Haus der Glaser, Köln' });
    const next = await member();
    await answerWith(w, next.headers, event.id, 1);
    const declined = await answerWith(w, holders[0]?.headers ?? {}, event.id, 0);
    expect(declined.json<TEvent>()).toMatchObject({ mySubscription: false, freePlaces: 0 });
    expect(await getEvent(w, next.headers, event.id)).toMatchObject({
      mySubscription: true,
      myWaitlistPosition: null,
    });
    const [mail] = await mailsTo(w, next.email);
    expect(mail?.subject).toContain(`Sie sind nachgerückt: ${event.name}`);
    expect(mail?.text).toContain('Haus der Glaser, Köln');
    expect(mail?.text).toContain(`/event/${event.id}`);
    const moves = await auditEntries(w, ['event.moveUp']);
    expect(moves.at(-1)).toMatchObject({
      subjectType: 'member',
      subjectId: next.id,
      actorId: holders[0]?.id,
    });
  });

  it('should keep strict order: a head that does not fit stops smaller parties behind it', async () => {
    const { event, holders } = await fullEvent(2);
    const big = await member();
    const small = await member();
    await answerWith(w, big.headers, event.id, 1, 2);
    await answerWith(w, small.headers, event.id, 1);
    await answerWith(w, holders[0]?.headers ?? {}, event.id, 0);
    expect((await getEvent(w, small.headers, event.id)).myWaitlistPosition).toBe(2);
    expect((await getEvent(w, big.headers, event.id)).myWaitlistPosition).toBe(1);
    // a newcomer does not overtake the waiting list either
    const newcomer = await member();
    expect((await answerWith(w, newcomer.headers, event.id, 1)).json<TEvent>().myWaitlistPosition).toBe(3);
    // the head leaves: the next fits and moves up
    await answerWith(w, big.headers, event.id, 0);
    expect(await getEvent(w, small.headers, event.id)).toMatchObject({ mySubscription: true });
    expect((await getEvent(w, newcomer.headers, event.id)).myWaitlistPosition).toBe(1);
  });

  it('should move up when an admin raises the capacity', async () => {
    const { event } = await fullEvent(1);
    const a = await member();
    const b = await member();
    await answerWith(w, a.headers, event.id, 1, 1);
    await answerWith(w, b.headers, event.id, 1);
    const same = { id: event.id, start: event.start, end: event.end };
    const raised = await saveEvent(w, w.as.admin, eventInput({ ...same, maxParticipants: 4 }));
    expect(raised.json<TEvent>()).toMatchObject({
      freePlaces: 0,
      waitingCount: 0,
      participantCount: 3,
      guestCount: 1,
    });
    expect((await mailsTo(w, a.email)).map((mail) => mail.subject)).toEqual([
      expect.stringContaining('Sie sind nachgerückt'),
    ]);
    expect((await mailsTo(w, b.email)).length).toBe(1);
  });

  it('should move up when a place holder reduces their companions', async () => {
    const event = await createEvent(w, { maxParticipants: 3, waitingList: true, maxGuests: 2 });
    const holder = await member();
    const waiting = await member();
    await answerWith(w, holder.headers, event.id, 1, 2);
    await answerWith(w, waiting.headers, event.id, 1);
    await answerWith(w, holder.headers, event.id, 1, 1);
    expect(await getEvent(w, waiting.headers, event.id)).toMatchObject({
      mySubscription: true,
      freePlaces: 0,
    });
  });

  it('should let a waiting member decline, leaving the list', async () => {
    const { event } = await fullEvent(1);
    const a = await member();
    await answerWith(w, a.headers, event.id, 1);
    const declined = await answerWith(w, a.headers, event.id, 0);
    expect(declined.json<TEvent>()).toMatchObject({
      mySubscription: false,
      myWaitlistPosition: null,
      waitlist: [],
    });
  });

  it('should record answers with companions in the audit log', async () => {
    const { event } = await fullEvent(1);
    const a = await member();
    await answerWith(w, a.headers, event.id, 1, 2);
    const [entry] = (await auditEntries(w, ['event.answer'])).filter((row) => row.actorId === a.id);
    expect(entry).toMatchObject({ subjectType: 'event', subjectId: event.id, subjectLabel: event.name });
    expect(JSON.parse(entry?.changes ?? '{}')).toEqual({
      status: { before: null, after: 'Warteliste (Platz 1)' },
      guests: { before: 0, after: 2 },
    });
  });
});

describe('DELETE /api/event/{id}/participant/{username}', () => {
  it('should remove a place, move the list up and audit the removal', async () => {
    const { event, holders } = await fullEvent(1);
    const next = await member();
    await answerWith(w, next.headers, event.id, 1);
    const holder = holders[0];
    if (!holder) throw new Error('no holder');
    const response = await removeParticipant(w, w.as.admin, event.id, holder.username);
    expect(response.statusCode).toBe(200);
    const shown = response.json<TEvent>();
    expect(shown.eventSubscriptions.map((answer) => answer.user.username)).toEqual([next.username]);
    expect(shown).toMatchObject({ waitlist: [], waitingCount: 0, freePlaces: 0 });
    const removal = (await auditEntries(w, ['event.participantRemove'])).at(-1);
    expect(removal).toMatchObject({ subjectType: 'member', subjectId: holder.id });
  });

  it('should remove a waiting place and answer 404 for a member without answer', async () => {
    const { event } = await fullEvent(1);
    const a = await member();
    await answerWith(w, a.headers, event.id, 1);
    expect((await removeParticipant(w, w.as.admin, event.id, a.username)).json<TEvent>().waitlist).toEqual(
      [],
    );
    const again = await removeParticipant(w, w.as.admin, event.id, a.username);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: REGISTRATION_MESSAGES.participantNotFound });
    expect((await removeParticipant(w, w.as.admin, event.id, 'niemand')).statusCode).toBe(404);
    expect((await removeParticipant(w, w.as.admin, 999_999, a.username)).statusCode).toBe(404);
  });

  it('should refuse members with 403 and requests without token with 401', async () => {
    const { event, holders } = await fullEvent(1);
    const name = holders[0]?.username ?? '';
    const refused = await removeParticipant(w, w.as.mitglied, event.id, name);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: MESSAGES.forbidden });
    expect((await removeParticipant(w, {}, event.id, name)).statusCode).toBe(401);
    expect((await getEvent(w, w.as.admin, event.id)).participantCount).toBe(1);
  });
});
