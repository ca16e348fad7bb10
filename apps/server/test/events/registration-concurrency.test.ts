import { REGISTRATION_MESSAGES, type TEvent } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../helpers/builders.ts';
import { buildAnswer } from '../helpers/builders-events.ts';
import type { Headers } from '../helpers/world.ts';
import { answerWith, createEvent, createEventWorld, type EventWorld, getEvent } from './event-helpers.ts';

let w: EventWorld;
/** 50 members, logged in */
let members: { id: number; headers: Headers }[];
beforeAll(async () => {
  w = await createEventWorld();
  members = [];
  for (let i = 0; i < 55; i += 1) {
    const user = await buildUser(w, { username: `ansturm${i}` });
    members.push({ id: user.id, headers: await w.login(user.username) });
  }
}, 120_000);
afterAll(() => w.t.close());

/** An event of 10 places of which the first 5 members hold 5; the other 50 accept at once. */
async function rush(waitingList: boolean) {
  const event = await createEvent(w, { maxParticipants: 10, waitingList });
  for (const holder of members.slice(0, 5))
    await buildAnswer(w, { eventId: event.id, userId: holder.id, status: true });
  const responses = await Promise.all(members.slice(5).map((m) => answerWith(w, m.headers, event.id, 1)));
  return { event, responses };
}

describe('50 members accepting the last 5 places at once (issue 35 point 1)', () => {
  it('should give exactly 5 places and the rest consistent waiting places', async () => {
    const { event, responses } = await rush(true);
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    const shown = responses.map((response) => response.json<TEvent>());
    expect(shown.filter((e) => e.mySubscription === true)).toHaveLength(5);
    const positions = shown.flatMap((e) => (e.myWaitlistPosition === null ? [] : [e.myWaitlistPosition]));
    expect(positions).toHaveLength(45);
    const admin = await getEvent(w, w.as.admin, event.id);
    expect(admin).toMatchObject({ participantCount: 10, freePlaces: 0, waitingCount: 45 });
    expect(admin.waitlist.map((entry) => entry.position)).toEqual(
      Array.from({ length: 45 }, (_, i) => i + 1),
    );
    // each member was told the position the list has them at (nobody moved up in between)
    const byName = new Map(admin.waitlist.map((entry) => [entry.user.username, entry.position]));
    for (const e of shown) {
      if (e.myWaitlistPosition === null) continue;
      const own = e.waitlist[0];
      expect(own && byName.get(own.user.username)).toBe(e.myWaitlistPosition);
    }
  });

  it('should give exactly 5 places and refuse the rest without a waiting list', async () => {
    const { event, responses } = await rush(false);
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(5);
    expect(codes.filter((code) => code === 409)).toHaveLength(45);
    for (const response of responses.filter((r) => r.statusCode === 409))
      expect(response.json()).toEqual({ detail: REGISTRATION_MESSAGES.fullyBooked });
    expect(await getEvent(w, w.as.admin, event.id)).toMatchObject({
      participantCount: 10,
      freePlaces: 0,
      waitingCount: 0,
    });
  });
});
