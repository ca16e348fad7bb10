import {
  ADMIN_API,
  EVENT_LIST_PAGE_SIZE,
  EVENT_MESSAGES,
  EVENTS_API,
  eventCursor,
  type TEvent,
} from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildAnswer, buildEvent } from '../helpers/builders-events.ts';
import { createUser, userId } from '../helpers/factories.ts';
import { createEvent, createEventWorld, DAY, type EventWorld, HOUR, setStatus } from './event-helpers.ts';

/**
 * Issue 19: event lists carry the kept counts (admins) and the caller's own answer, never another member's;
 * the listing without a range is paged by (start, id).
 */
let w: EventWorld;
beforeAll(async () => {
  w = await createEventWorld();
});
afterEach(() => {
  w.clock.now = undefined;
});
afterAll(() => w.t.close());

const names = (events: readonly TEvent[]) => events.map((event) => event.name);
const iso = (ms: number) => new Date(ms).toISOString();

async function list(url: string, headers: Record<string, string>): Promise<TEvent[]> {
  const response = await w.t.app.inject({ url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TEvent[]>();
}

/** The counts as a recount of the answers gives them, next to the kept ones. */
async function keptAndRecounted(eventId: number) {
  const { db } = w.t.database;
  const kept = await db
    .selectFrom('events')
    .select(['acceptedCount', 'declinedCount'])
    .where('id', '=', eventId)
    .executeTakeFirstOrThrow();
  const answers = await db
    .selectFrom('eventSubscriptions')
    .select('status')
    .where('eventId', '=', eventId)
    .execute();
  return {
    kept: { accepted: Number(kept.acceptedCount), declined: Number(kept.declinedCount) },
    recounted: {
      accepted: answers.filter((a) => Boolean(a.status)).length,
      declined: answers.filter((a) => !a.status).length,
    },
  };
}

async function expectCounts(eventId: number, accepted: number, declined: number) {
  const { kept, recounted } = await keptAndRecounted(eventId);
  expect(recounted).toEqual({ accepted, declined });
  expect(kept).toEqual(recounted);
}

describe('what event lists carry', () => {
  // 2071: far from every other event of this file
  const now = Date.parse('2071-03-01T12:00:00Z');
  let upcoming: { id: number };
  let past: { id: number };
  beforeAll(async () => {
    upcoming = await buildEvent(w, { name: 'Kommend', start: iso(now + DAY), end: iso(now + DAY + HOUR) });
    past = await buildEvent(w, { name: 'Vorbei', start: iso(now - DAY), end: iso(now - DAY + HOUR) });
    for (const event of [upcoming, past]) {
      await buildAnswer(w, { eventId: event.id, userId: await userId(w, 'kollegin'), status: true });
      await buildAnswer(w, { eventId: event.id, userId: await userId(w, 'admin'), status: false });
    }
    await buildAnswer(w, { eventId: upcoming.id, userId: await userId(w, 'mitglied'), status: true });
  });

  const calls = () => [
    EVENTS_API.list,
    `${EVENTS_API.list}?scope=upcoming`,
    `${EVENTS_API.list}?scope=past`,
    `${EVENTS_API.list}?${new URLSearchParams({ from: iso(now - 2 * DAY), to: iso(now + 2 * DAY) })}`,
    EVENTS_API.count(5),
  ];

  it("should hold no other member's name or e-mail address in any list, for members and admins", async () => {
    w.clock.now = new Date(now);
    for (const url of calls()) {
      for (const [who, headers] of [
        ['mitglied', w.as.mitglied],
        ['admin', w.as.admin],
      ] as const) {
        const body = (await w.t.app.inject({ url, headers })).body;
        expect(body, `${who}: ${url}`).not.toContain('kollegin');
        expect(body, `${who}: ${url}`).not.toContain('fensterbau.example');
        const others = who === 'admin' ? ['mitglied', 'glaserei.example'] : ['verband.example'];
        for (const other of others) expect(body, `${who}: ${url}`).not.toContain(other);
      }
    }
  });

  it("should carry the member's own answer in every list", async () => {
    w.clock.now = new Date(now);
    for (const url of calls().filter((url) => !url.includes('past'))) {
      const mine = (await list(url, w.as.mitglied)).find((event) => event.id === upcoming.id);
      expect(mine, url).toMatchObject({
        mySubscription: true,
        eventSubscriptions: [{ user: { username: 'mitglied' }, status: true }],
        participantCount: null,
        declinedCount: null,
      });
    }
    const [pastOne] = await list(`${EVENTS_API.list}?scope=past&limit=1`, w.as.mitglied);
    expect(pastOne).toMatchObject({ id: past.id, mySubscription: null, eventSubscriptions: [] });
  });

  it('should give admins the counts and their own answer in every list', async () => {
    w.clock.now = new Date(now);
    for (const url of calls()) {
      const events = await list(url, w.as.admin);
      for (const event of events.filter((e) => e.id === upcoming.id || e.id === past.id)) {
        expect(event, url).toMatchObject({
          participantCount: event.id === upcoming.id ? 2 : 1,
          declinedCount: 1,
          mySubscription: false,
          eventSubscriptions: [{ user: { username: 'admin' }, status: false }],
        });
      }
    }
  });

  it('should keep every participant on the admin detail', async () => {
    const detail = await w.json<TEvent>(EVENTS_API.byId(upcoming.id), w.as.admin);
    expect(detail.eventSubscriptions.map((answer) => answer.user.username)).toEqual([
      'kollegin',
      'mitglied',
      'admin',
    ]);
  });
});

describe('the kept counts', () => {
  const start = Date.parse('2081-05-01T09:00:00Z');
  const inFuture = { start: iso(start), end: iso(start + HOUR) };

  it('should stay right through accept, switch to decline and back', async () => {
    const event = await createEvent(w, { name: 'Zählung', ...inFuture });
    await expectCounts(event.id, 0, 0);
    await setStatus(w, w.as.mitglied, event.id, 1);
    await expectCounts(event.id, 1, 0);
    await setStatus(w, w.as.mitglied, event.id, 1);
    await expectCounts(event.id, 1, 0);
    await setStatus(w, w.as.kollegin, event.id, 1);
    await expectCounts(event.id, 2, 0);
    const switched = await setStatus(w, w.as.mitglied, event.id, 0);
    expect(switched.json<TEvent>()).toMatchObject({ participantCount: null, mySubscription: false });
    await expectCounts(event.id, 1, 1);
    const admin = await setStatus(w, w.as.admin, event.id, 0);
    expect(admin.json<TEvent>()).toMatchObject({ participantCount: 1, declinedCount: 2 });
    await setStatus(w, w.as.mitglied, event.id, 1);
    await expectCounts(event.id, 2, 1);
    const [listed] = await list(
      `${EVENTS_API.list}?${new URLSearchParams({ from: inFuture.start, to: inFuture.end })}`,
      w.as.admin,
    );
    expect(listed).toMatchObject({ id: event.id, participantCount: 2, declinedCount: 1 });
  });

  it("should forget an erased member's answers", async () => {
    const erika = 'erika';
    await createUser(w.app, { username: erika, role: 'ROLE_USER', email: 'erika@glas.example' });
    const headers = await w.login(erika);
    const one = await createEvent(w, { name: 'Erika sagt zu', ...inFuture });
    const two = await createEvent(w, { name: 'Erika sagt ab', ...inFuture });
    await setStatus(w, headers, one.id, 1);
    await setStatus(w, headers, two.id, 0);
    await setStatus(w, w.as.mitglied, one.id, 1);
    await expectCounts(one.id, 2, 0);
    await expectCounts(two.id, 0, 1);

    const erased = await w.t.app.inject({
      method: 'DELETE',
      url: ADMIN_API.member(await userId(w, erika)),
      headers: w.as.admin,
    });
    expect(erased.statusCode, erased.body).toBe(204);
    await expectCounts(one.id, 1, 0);
    await expectCounts(two.id, 0, 0);
    expect((await w.json<TEvent>(EVENTS_API.byId(one.id), w.as.admin)).participantCount).toBe(1);
  });

  it('should forget the answers of a member row that is deleted, and go with a deleted event', async () => {
    await createUser(w.app, { username: 'weg', role: 'ROLE_USER' });
    const headers = await w.login('weg');
    const stays = await createEvent(w, { name: 'Bleibt', ...inFuture });
    const goes = await createEvent(w, { name: 'Geht', ...inFuture });
    await setStatus(w, headers, stays.id, 0);
    await setStatus(w, headers, goes.id, 1);
    await setStatus(w, w.as.kollegin, stays.id, 1);
    await setStatus(w, w.as.kollegin, goes.id, 1);

    const removed = await w.t.app.inject({
      method: 'DELETE',
      url: EVENTS_API.byId(goes.id),
      headers: w.as.admin,
    });
    expect(removed.statusCode).toBe(204);
    await expectCounts(stays.id, 1, 1);
    const left = await w.t.database.db
      .selectFrom('eventSubscriptions')
      .select('eventId')
      .where('eventId', '=', goes.id)
      .execute();
    expect(left).toEqual([]);

    // the foreign key's cascade, as a removal outside the app would do it
    await w.t.database.db
      .deleteFrom('users')
      .where('id', '=', await userId(w, 'weg'))
      .execute();
    await expectCounts(stays.id, 1, 0);
  });

  it('should stay right when many members answer at the same time', async () => {
    const event = await createEvent(w, { name: 'Andrang', ...inFuture });
    const crowd = Array.from({ length: 8 }, (_, n) => `andrang${n}`);
    for (const username of crowd) await createUser(w.app, { username, role: 'ROLE_USER' });
    const headers = await Promise.all(crowd.map((username) => w.login(username)));
    const first = await Promise.all(headers.map((h, n) => setStatus(w, h, event.id, n % 2 === 0 ? 1 : 0)));
    expect(first.map((response) => response.statusCode)).toEqual(crowd.map(() => 200));
    await expectCounts(event.id, 4, 4);
    await Promise.all(headers.map((h) => setStatus(w, h, event.id, 1)));
    await expectCounts(event.id, 8, 0);
  });

  it('should match a recount for every event', async () => {
    const rows = await sql<{ id: number; kept: number; counted: number }>`
      select e.id, e.accepted_count + e.declined_count as kept,
        (select count(*) from event_subscriptions s where s.event_id = e.id) as counted
      from events e`.execute(w.t.database.db);
    for (const row of rows.rows) expect(Number(row.kept), `event ${row.id}`).toBe(Number(row.counted));
  });
});

describe('the listing without a range', () => {
  // 2091: only this block's events lie around it
  const now = Date.parse('2091-06-15T12:00:00Z');
  const ahead = Array.from({ length: EVENT_LIST_PAGE_SIZE + 5 }, (_, n) => `Kommend ${n + 1}`);
  const behind = Array.from({ length: EVENT_LIST_PAGE_SIZE + 3 }, (_, n) => `Vorbei ${n + 1}`);
  beforeAll(async () => {
    // two starting at the same moment: the id orders them
    for (const [n, name] of ahead.entries()) {
      const at = now + Math.max(1, n) * DAY;
      await buildEvent(w, { name, start: iso(at), end: iso(at + HOUR) });
    }
    for (const [n, name] of behind.entries()) {
      const at = now - (n + 1) * DAY;
      await buildEvent(w, { name, start: iso(at), end: iso(at + HOUR) });
    }
    // ended 13 months ago: no longer in the past section; still running: upcoming
    await buildEvent(w, { name: 'Zu alt', start: iso(now - 395 * DAY), end: iso(now - 395 * DAY + HOUR) });
    await buildEvent(w, { name: 'Läuft', start: iso(now - 2 * DAY), end: iso(now + HOUR) });
  });

  const here = (events: readonly TEvent[]) =>
    names(events).filter((name) => /^(Kommend|Vorbei|Zu alt|Läuft)/.test(name));

  it('should answer the first page of both sections, ordered by start', async () => {
    w.clock.now = new Date(now);
    const events = await list(EVENTS_API.list, w.as.mitglied);
    expect(events.length).toBeLessThanOrEqual(2 * EVENT_LIST_PAGE_SIZE);
    expect(here(events)).toEqual([
      ...behind.slice(0, EVENT_LIST_PAGE_SIZE).reverse(),
      'Läuft',
      ...ahead.slice(0, EVENT_LIST_PAGE_SIZE - 1),
    ]);
  });

  it('should page the upcoming events, soonest first, after the last one shown', async () => {
    w.clock.now = new Date(now);
    const first = await list(`${EVENTS_API.list}?scope=upcoming&limit=10`, w.as.mitglied);
    expect(names(first)).toEqual(['Läuft', ...ahead.slice(0, 9)]);
    const last = first.at(-1) as TEvent;
    const next = await list(
      `${EVENTS_API.list}?${new URLSearchParams({ scope: 'upcoming', limit: '10', after: eventCursor(last) })}`,
      w.as.mitglied,
    );
    expect(names(next)).toEqual(ahead.slice(9, 19));
    const rest = await list(
      `${EVENTS_API.list}?${new URLSearchParams({ scope: 'upcoming', after: eventCursor(next.at(-1) as TEvent) })}`,
      w.as.mitglied,
    );
    expect(here(rest)).toEqual(ahead.slice(19));
  });

  it('should page the past year, latest first, before the last one shown', async () => {
    w.clock.now = new Date(now);
    const first = await list(`${EVENTS_API.list}?scope=past&limit=20`, w.as.mitglied);
    expect(names(first)).toEqual(behind.slice(0, 20));
    const next = await list(
      `${EVENTS_API.list}?${new URLSearchParams({ scope: 'past', after: eventCursor(first.at(-1) as TEvent) })}`,
      w.as.mitglied,
    );
    expect(names(next)).toEqual(behind.slice(20));
  });

  it.each([
    ['scope=bald', 'scope', EVENT_MESSAGES.scopeInvalid],
    ['scope=past&limit=0', 'limit', EVENT_MESSAGES.limitRange],
    ['scope=past&limit=101', 'limit', EVENT_MESSAGES.limitRange],
    ['scope=past&after=gestern', 'after', EVENT_MESSAGES.cursorInvalid],
    ['scope=past&after=gestern,4', 'after', EVENT_MESSAGES.cursorInvalid],
    ['after=2091-06-15T12:00:00.000Z,4', 'after', EVENT_MESSAGES.afterWithoutScope],
    ['scope=past&from=2091-01-01', 'scope', EVENT_MESSAGES.scopeWithRange],
  ])('should refuse %s with 400', async (query, field, message) => {
    const response = await w.t.app.inject({ url: `${EVENTS_API.list}?${query}`, headers: w.as.mitglied });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toContain(message);
  });
});
