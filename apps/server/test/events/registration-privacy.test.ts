import type { TAccountExport, TEvent } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../helpers/builders.ts';
import { erase, exportOf } from '../privacy/privacy-helpers.ts';
import {
  answerWith,
  createEvent,
  createEventWorld,
  type EventWorld,
  getEvent,
  mailsTo,
} from './event-helpers.ts';

let w: EventWorld;
beforeAll(async () => {
  w = await createEventWorld();
});
afterAll(() => w.t.close());

async function member() {
  const user = await buildUser(w);
  return { ...user, email: `${user.username}@example.de`, headers: await w.login(user.username) };
}

describe("registration in the member's export and erasure (issue 35 point 7)", () => {
  it('should export answers with companions and waiting places with their position', async () => {
    const seminar = await createEvent(w, {
      name: 'Seminar',
      maxParticipants: 1,
      waitingList: true,
      maxGuests: 2,
    });
    const stammtisch = await createEvent(w, { name: 'Stammtisch', maxGuests: 2 });
    const holder = await member();
    const erika = await member();
    await answerWith(w, holder.headers, seminar.id, 1);
    await answerWith(w, erika.headers, seminar.id, 1, 1);
    await answerWith(w, erika.headers, stammtisch.id, 1, 2);
    const data: TAccountExport = await exportOf(w, erika.headers);
    expect(
      data.eventAnswers.map(({ event, answer, guests, waitlistPosition }) => ({
        event,
        answer,
        guests,
        waitlistPosition,
      })),
    ).toEqual([
      { event: 'Seminar', answer: 'waiting', guests: 1, waitlistPosition: 1 },
      { event: 'Stammtisch', answer: 'attend', guests: 2, waitlistPosition: null },
    ]);
    expect(data.eventAnswers.every((answer) => !Number.isNaN(Date.parse(answer.answeredAt)))).toBe(true);
  });

  it('should delete answers and waiting places on erasure and move the waiting list up', async () => {
    const event = await createEvent(w, { maxParticipants: 1, waitingList: true });
    const other = await createEvent(w, { maxParticipants: 1, waitingList: true });
    const leaving = await member();
    const next = await member();
    const behind = await member();
    await answerWith(w, leaving.headers, event.id, 1);
    await answerWith(w, next.headers, event.id, 1);
    await answerWith(w, next.headers, other.id, 1);
    await answerWith(w, leaving.headers, other.id, 1);
    await answerWith(w, behind.headers, other.id, 1);
    // the reminder job's claim says they were reminded of the event: it goes with them
    const at = new Date();
    await w.t.database.db
      .insertInto('eventReminders')
      .values({ eventId: event.id, userId: leaving.id, startAt: at, queuedAt: at })
      .execute();
    expect((await erase(w, w.as.admin, leaving.id)).statusCode).toBe(204);
    expect(await getEvent(w, next.headers, event.id)).toMatchObject({
      mySubscription: true,
      myWaitlistPosition: null,
    });
    expect((await mailsTo(w, next.email)).map((mail) => mail.subject)).toEqual([
      expect.stringContaining(`Sie sind nachgerückt: ${event.name}`),
    ]);
    const admin: TEvent = await getEvent(w, w.as.admin, other.id);
    expect(admin.waitlist.map((entry) => [entry.user.username, entry.position])).toEqual([
      [behind.username, 1],
    ]);
    expect(admin).toMatchObject({ waitingCount: 1, participantCount: 1 });
    const left = await w.t.database.db
      .selectFrom('eventWaitlist')
      .select('id')
      .where('userId', '=', leaving.id)
      .execute();
    expect(left).toEqual([]);
    const reminded = await w.t.database.db
      .selectFrom('eventReminders')
      .select('eventId')
      .where('userId', '=', leaving.id)
      .execute();
    expect(reminded).toEqual([]);
  });
});
