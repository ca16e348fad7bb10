import { EVENT_MESSAGES, EVENTS_API, MESSAGES, type TEvent } from '@portal/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../helpers/multipart.ts';
import { createEvent, createEventWorld, type EventWorld, getEvent, setStatus } from './event-helpers.ts';

let w: EventWorld;
beforeAll(async () => {
  w = await createEventWorld();
});
afterEach(() => {
  w.clock.now = undefined;
});
afterAll(() => w.t.close());

describe('POST /api/eventSubscription/status', () => {
  it('should accept, switch to decline and back, and answer the updated event', async () => {
    const event = await createEvent(w);
    const accepted = await setStatus(w, w.as.mitglied, event.id, 1);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<TEvent>()).toMatchObject({
      id: event.id,
      mySubscription: true,
      eventSubscriptions: [
        {
          user: {
            username: 'mitglied',
            email: 'mitglied@glaserei.example',
            company: 'Glaserei Beispiel GmbH',
          },
          status: true,
        },
      ],
      participantCount: null,
      declinedCount: null,
    });

    const declined = await setStatus(w, w.as.mitglied, event.id, 0);
    expect(declined.statusCode).toBe(200);
    expect(declined.json<TEvent>()).toMatchObject({
      mySubscription: false,
      eventSubscriptions: [{ status: false }],
    });

    const again = await setStatus(w, w.as.mitglied, event.id, 1);
    expect(again.json<TEvent>().mySubscription).toBe(true);
    const admin = await getEvent(w, w.as.admin, event.id);
    expect(admin.eventSubscriptions).toHaveLength(1);
    expect(admin).toMatchObject({ participantCount: 1, declinedCount: 0 });
  });

  it('should take a multipart form and a JSON body with the whole event too', async () => {
    const event = await createEvent(w);
    const form = await multipartBody({ event: JSON.stringify(event), status: '0' });
    const multipart = await w.t.app.inject({
      method: 'POST',
      url: EVENTS_API.status,
      headers: { ...w.as.kollegin, ...form.headers },
      payload: form.payload,
    });
    expect(multipart.statusCode).toBe(200);
    expect(multipart.json<TEvent>().mySubscription).toBe(false);
    const json = await w.t.app.inject({
      method: 'POST',
      url: EVENTS_API.status,
      headers: w.as.kollegin,
      payload: { event: { id: event.id }, status: 1 },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json<TEvent>().mySubscription).toBe(true);
  });

  it('should let an admin attend too, and show the admin every participant', async () => {
    const event = await createEvent(w);
    await setStatus(w, w.as.mitglied, event.id, 1);
    await setStatus(w, w.as.kollegin, event.id, 0);
    const response = await setStatus(w, w.as.admin, event.id, 1);
    expect(response.statusCode).toBe(200);
    const shown = response.json<TEvent>();
    expect(shown.mySubscription).toBe(true);
    expect(shown.eventSubscriptions).toEqual([
      {
        user: { username: 'admin', email: 'admin@verband.example', company: 'Verband Flachglas e. V.' },
        status: true,
        guests: 0,
        answeredAt: expect.any(String),
      },
      {
        user: { username: 'mitglied', email: 'mitglied@glaserei.example', company: 'Glaserei Beispiel GmbH' },
        status: true,
        guests: 0,
        answeredAt: expect.any(String),
      },
      {
        user: { username: 'kollegin', email: 'kollegin@fensterbau.example', company: 'Fensterbau Süd KG' },
        status: false,
        guests: 0,
        answeredAt: expect.any(String),
      },
    ]);
    expect(shown).toMatchObject({ participantCount: 2, declinedCount: 1 });
  });

  describe('the registration deadline', () => {
    const DEADLINE = new Date('2031-03-01T12:00:00.000Z');
    const second = 1000;

    it('should accept an answer one second before the deadline', async () => {
      const event = await createEvent(w, { registrationDeadline: DEADLINE.toISOString() });
      w.clock.now = new Date(DEADLINE.getTime() - second);
      const response = await setStatus(w, w.as.mitglied, event.id, 1);
      expect(response.statusCode).toBe(200);
      expect(response.json<TEvent>()).toMatchObject({ registrationOpen: true, canSubscribe: true });
      const switched = await setStatus(w, w.as.mitglied, event.id, 0);
      expect(switched.statusCode).toBe(200);
    });

    it.each([
      ['exactly at', 0],
      ['one second after', second],
    ])(
      "should refuse an answer %s the deadline with 409 'Anmeldeschluss abgelaufen' and keep the old one",
      async (_label, offset) => {
        const event = await createEvent(w, { registrationDeadline: DEADLINE.toISOString() });
        w.clock.now = new Date(DEADLINE.getTime() - second);
        expect((await setStatus(w, w.as.mitglied, event.id, 1)).statusCode).toBe(200);
        w.clock.now = new Date(DEADLINE.getTime() + offset);
        const response = await setStatus(w, w.as.mitglied, event.id, 0);
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ detail: 'Anmeldeschluss abgelaufen' });
        const shown = await getEvent(w, w.as.mitglied, event.id);
        expect(shown).toMatchObject({ mySubscription: true, registrationOpen: false, canSubscribe: false });
      },
    );

    it('should keep registration open without a deadline', async () => {
      const event = await createEvent(w, { registrationDeadline: null });
      w.clock.now = new Date('2099-01-01T00:00:00Z');
      expect((await setStatus(w, w.as.mitglied, event.id, 1)).statusCode).toBe(200);
    });
  });

  it.each([
    ['an external event', { external: true }, EVENT_MESSAGES.externalNoRegistration],
    ['an event with teilnahmeausblenden', { teilnahmeausblenden: true }, EVENT_MESSAGES.participationHidden],
  ])('should refuse answers to %s with 409', async (_label, flags, message) => {
    const event = await createEvent(w, flags);
    expect(event.canSubscribe).toBe(false);
    for (const status of [1, 0] as const) {
      const response = await setStatus(w, w.as.mitglied, event.id, status);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: message });
    }
    expect((await getEvent(w, w.as.admin, event.id)).eventSubscriptions).toEqual([]);
  });

  it('should answer 404 for an event that does not exist', async () => {
    const response = await setStatus(w, w.as.mitglied, 999_999, 1);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: EVENT_MESSAGES.notFound });
  });

  it.each([
    ['a status of 2', { event: '{"id":1}', status: '2' }, EVENT_MESSAGES.statusInvalid],
    ['no status', { event: '{"id":1}' }, EVENT_MESSAGES.statusInvalid],
    ['no event', { status: '1' }, EVENT_MESSAGES.eventIdRequired],
    ['an event without id', { event: '{"name":"x"}', status: '1' }, EVENT_MESSAGES.eventIdRequired],
  ])('should refuse %s with 400 and a German message', async (_label, fields, message) => {
    const response = await w.t.app.inject({
      method: 'POST',
      url: EVENTS_API.status,
      headers: { ...w.as.mitglied, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(message);
  });

  it('should refuse a partner with 403 and a request without token with 401', async () => {
    const event = await createEvent(w);
    const partner = await setStatus(w, w.as.partner, event.id, 1);
    expect(partner.statusCode).toBe(403);
    expect(partner.json()).toEqual({ detail: MESSAGES.forbidden });
    expect((await setStatus(w, {}, event.id, 1)).statusCode).toBe(401);
    expect((await getEvent(w, w.as.admin, event.id)).eventSubscriptions).toEqual([]);
  });
});

describe('privacy of the answers', () => {
  it("should never show a member another member's answer or e-mail address", async () => {
    const event = await createEvent(w);
    await setStatus(w, w.as.kollegin, event.id, 1);
    await setStatus(w, w.as.admin, event.id, 0);
    const responses = [
      await w.t.app.inject({ url: EVENTS_API.byId(event.id), headers: w.as.mitglied }),
      await w.t.app.inject({ url: EVENTS_API.list, headers: w.as.mitglied }),
      await w.t.app.inject({ url: EVENTS_API.count(20), headers: w.as.mitglied }),
      await setStatus(w, w.as.mitglied, event.id, 1),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('kollegin');
      expect(response.body).not.toContain('fensterbau.example');
      expect(response.body).not.toContain('admin@verband.example');
    }
    const mine = responses[3]?.json<TEvent>();
    expect(mine?.eventSubscriptions.map((s) => s.user.username)).toEqual(['mitglied']);
    expect(mine).toMatchObject({ participantCount: null, declinedCount: null });
  });

  it('should give a partner the upcoming events without any answers', async () => {
    const event = await createEvent(w);
    await setStatus(w, w.as.kollegin, event.id, 1);
    const response = await w.t.app.inject({ url: EVENTS_API.count(20), headers: w.as.partner });
    expect(response.statusCode).toBe(200);
    const shown = response.json<TEvent[]>().find((e) => e.id === event.id);
    expect(shown).toMatchObject({
      eventSubscriptions: [],
      mySubscription: null,
      canSubscribe: false,
      participantCount: null,
    });
    expect(response.body).not.toContain('kollegin');
  });
});
