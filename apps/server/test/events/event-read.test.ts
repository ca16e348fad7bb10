import { EVENT_MESSAGES, EVENTS_API, MESSAGES, type TEvent } from '@portal/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent } from '../helpers/builders-events.ts';
import { createEventWorld, type EventWorld, setStatus } from './event-helpers.ts';

let w: EventWorld;
beforeAll(async () => {
  w = await createEventWorld();
});
afterEach(() => {
  w.clock.now = undefined;
});
afterAll(() => w.t.close());

const names = (events: readonly TEvent[]) => events.map((event) => event.name);

/** An event on `day` (2041, far from the other test files' events) from `from` to `to` o'clock UTC. */
const on = (name: string, day: string, from = 9, to = 17) => ({
  name,
  start: `${day}T${String(from).padStart(2, '0')}:00:00.000Z`,
  end: `${day}T${String(to).padStart(2, '0')}:00:00.000Z`,
});

describe('GET /api/event/', () => {
  const ours = new Set<string>();
  beforeAll(async () => {
    const events = [
      on('Neujahrsempfang', '2041-01-10'),
      on('Februar-Seminar', '2041-02-03'),
      { ...on('Monatswechsel', '2041-02-28'), end: '2041-03-01T10:00:00.000Z' },
      on('März-Messe', '2041-03-15', 8),
      on('März-Frühstück', '2041-03-15', 7, 8),
      on('Ferne Zukunft', '2045-06-01'),
    ];
    for (const event of events) ours.add((await buildEvent(w, event)).name);
  });

  it('should list the events overlapping [from, to), ordered by start', async () => {
    const response = await w.t.app.inject({
      url: '/api/event/?from=2041-03-01T00:00:00Z&to=2041-04-01T00:00:00Z',
      headers: w.as.mitglied,
    });
    expect(response.statusCode).toBe(200);
    expect(names(response.json<TEvent[]>())).toEqual(['Monatswechsel', 'März-Frühstück', 'März-Messe']);
  });

  it('should take dates without time, and leave out an event that starts at `to`', async () => {
    const response = await w.t.app.inject({
      url: '/api/event/?from=2041-02-01&to=2041-02-28T09:00:00Z',
      headers: w.as.mitglied,
    });
    expect(names(response.json<TEvent[]>())).toEqual(['Februar-Seminar']);
  });

  it('should list from 12 months back without `from`, open-ended without `to`', async () => {
    w.clock.now = new Date('2042-02-15T00:00:00Z');
    const response = await w.t.app.inject({ url: EVENTS_API.list, headers: w.as.mitglied });
    expect(response.statusCode).toBe(200);
    // Only this block's events: the later blocks' events (2051 on) are open-ended's too, whichever ran first.
    expect(names(response.json<TEvent[]>()).filter((name) => ours.has(name))).toEqual([
      'Monatswechsel',
      'März-Frühstück',
      'März-Messe',
      'Ferne Zukunft',
    ]);
  });

  it.each([
    ['from=gestern', 'from'],
    ['from=2041-03-01T00:00:00Z&to=2041-02-01T00:00:00Z', 'to'],
    ['from=2041-03-01&to=2041-03-01', 'to'],
  ])('should refuse the range %s with 400', async (query, field) => {
    const response = await w.t.app.inject({ url: `/api/event/?${query}`, headers: w.as.mitglied });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toContain(field);
  });

  it('should refuse a partner with 403 and a request without token with 401', async () => {
    const partner = await w.t.app.inject({ url: EVENTS_API.list, headers: w.as.partner });
    expect(partner.statusCode).toBe(403);
    expect(partner.json()).toEqual({ detail: MESSAGES.forbidden });
    expect((await w.t.app.inject({ url: EVENTS_API.list })).statusCode).toBe(401);
  });
});

describe('GET /api/event/count/{max}', () => {
  beforeAll(async () => {
    await buildEvent(w, on('Vergangen', '2051-05-01'));
    await buildEvent(w, on('Läuft gerade', '2051-05-02', 8, 18));
    await buildEvent(w, on('Morgen', '2051-05-03'));
    await buildEvent(w, on('Übermorgen früh', '2051-05-04', 7, 8));
    await buildEvent(w, on('Übermorgen', '2051-05-04', 9, 10));
    await buildEvent(w, on('Nächste Woche', '2051-05-10'));
  });

  it('should answer the next events that have not ended, soonest first', async () => {
    w.clock.now = new Date('2051-05-02T12:00:00Z');
    const response = await w.t.app.inject({ url: EVENTS_API.count(3), headers: w.as.mitglied });
    expect(response.statusCode).toBe(200);
    expect(names(response.json<TEvent[]>())).toEqual(['Läuft gerade', 'Morgen', 'Übermorgen früh']);
  });

  it('should give partners the dashboard events read-only, and admins the counts', async () => {
    w.clock.now = new Date('2051-05-03T20:00:00Z');
    const [first] = (await w.t.app.inject({ url: EVENTS_API.count(1), headers: w.as.admin })).json<
      TEvent[]
    >();
    expect(first?.name).toBe('Übermorgen früh');
    await setStatus(w, w.as.mitglied, first?.id ?? 0, 1);
    await setStatus(w, w.as.kollegin, first?.id ?? 0, 0);

    const admin = await w.t.app.inject({ url: EVENTS_API.count(1), headers: w.as.admin });
    expect(admin.json<TEvent[]>()[0]).toMatchObject({
      participantCount: 1,
      declinedCount: 1,
      eventSubscriptions: [],
      mySubscription: null,
    });
    const partner = await w.t.app.inject({ url: EVENTS_API.count(2), headers: w.as.partner });
    expect(partner.statusCode).toBe(200);
    expect(names(partner.json<TEvent[]>())).toEqual(['Übermorgen früh', 'Übermorgen']);
    expect(partner.json<TEvent[]>()[0]).toMatchObject({ canSubscribe: false, participantCount: null });
  });

  it.each(['0', '21', 'drei', '1.5'])('should refuse max=%s with 400', async (max) => {
    const response = await w.t.app.inject({ url: EVENTS_API.count(max), headers: w.as.mitglied });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(EVENT_MESSAGES.countRange);
  });

  it('should refuse a request without token with 401', async () => {
    expect((await w.t.app.inject({ url: EVENTS_API.count(3) })).statusCode).toBe(401);
  });
});

describe('GET /api/event/{id}', () => {
  it('should answer one event to a member', async () => {
    const event = await buildEvent(w, on('Einzeln', '2061-01-01'));
    const response = await w.t.app.inject({ url: EVENTS_API.byId(event.id), headers: w.as.kollegin });
    expect(response.statusCode).toBe(200);
    expect(response.json<TEvent>()).toMatchObject({ id: event.id, name: 'Einzeln', mySubscription: null });
  });

  it('should answer 404 for an unknown event and 400 for an id that is no number', async () => {
    const missing = await w.t.app.inject({ url: '/api/event/999999', headers: w.as.mitglied });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: EVENT_MESSAGES.notFound });
    expect((await w.t.app.inject({ url: '/api/event/abc', headers: w.as.mitglied })).statusCode).toBe(400);
  });

  it('should refuse a partner with 403 and a request without token with 401', async () => {
    const event = await buildEvent(w, on('Nur für Mitglieder', '2061-01-02'));
    expect((await w.t.app.inject({ url: EVENTS_API.byId(event.id), headers: w.as.partner })).statusCode).toBe(
      403,
    );
    expect((await w.t.app.inject({ url: EVENTS_API.byId(event.id) })).statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('should describe every event endpoint', async () => {
    const response = await w.t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json<{ paths: Record<string, Record<string, { description?: string }>> }>();
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        EVENTS_API.list,
        '/api/event/count/{max}',
        '/api/event/{id}',
        '/api/event/{id}/ics',
        '/api/event/{id}/participant/{username}',
        EVENTS_API.calendarToken,
        EVENTS_API.status,
        '/api/eventSubscription/participantsAsCsv/{eventId}',
        '/api/calendar/{file}',
      ]),
    );
    expect(paths[EVENTS_API.list]?.get?.description).toContain('eventSubscriptions');
  });
});
