import {
  EVENT_MESSAGES,
  EVENTS_API,
  MESSAGES,
  type TCalendarLink,
  type TCalendarTokenState,
} from '@portal/contract';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, login } from '../helpers/factories.ts';
import type { Headers } from '../helpers/world.ts';
import { at, createEvent, createEventWorld, DAY, type EventWorld, HOUR } from './event-helpers.ts';

let w: EventWorld;
beforeAll(async () => {
  w = await createEventWorld();
});
afterAll(() => w.t.close());

/** A property's value; node-ical gives `{ params, val }` for a property with parameters (URL;VALUE=URI). */
function propertyValue(property: unknown): unknown {
  return typeof property === 'object' && property !== null && 'val' in property ? property.val : property;
}

function vevents(text: string): VEvent[] {
  return Object.values(ical.sync.parseICS(text)).filter(
    (component): component is VEvent => component?.type === 'VEVENT',
  );
}

describe('GET /api/event/{id}/ics', () => {
  it('should answer an iCalendar file that a real parser reads back', async () => {
    const event = await createEvent(w, {
      name: 'Glastage Köln: Vorträge, Ausstellung; Abendessen',
      description:
        '<h2>Programm</h2><p>Tag 1: Normen &amp; Technik<br>Tag 2: Vertrieb</p><ul><li>Führung</li></ul>',
      location: 'Messe Köln, Halle 3',
      start: '2031-09-14T07:30:00.000Z',
      end: '2031-09-15T16:00:00.000Z',
      url: 'https://www.glastage.example/programm?jahr=2031',
    });
    const response = await w.t.app.inject({ url: EVENTS_API.ics(event.id), headers: w.as.mitglied });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="glastage-koeln-vortraege-ausstellung-abendessen.ics"; ' +
        "filename*=UTF-8''glastage-k%C3%B6ln-vortr%C3%A4ge-ausstellung-abendessen.ics",
    );
    expect(response.body).toContain('DTSTART:20310914T073000Z');
    expect(response.body).toContain('DTEND:20310915T160000Z');

    const [parsed, ...rest] = vevents(response.body);
    expect(rest).toEqual([]);
    expect(parsed?.uid).toBe(`event-${event.id}@localhost`);
    expect(propertyValue(parsed?.summary)).toBe('Glastage Köln: Vorträge, Ausstellung; Abendessen');
    expect(propertyValue(parsed?.location)).toBe('Messe Köln, Halle 3');
    expect(new Date(parsed?.start ?? 0).toISOString()).toBe('2031-09-14T07:30:00.000Z');
    expect(new Date(parsed?.end ?? 0).toISOString()).toBe('2031-09-15T16:00:00.000Z');
    expect(propertyValue(parsed?.url)).toBe(`http://localhost:8080/event/${event.id}`);
    expect(propertyValue(parsed?.description)).toBe(
      'Programm\n\nTag 1: Normen & Technik\nTag 2: Vertrieb\n\n• Führung\n\n' +
        'Weitere Informationen: https://www.glastage.example/programm?jahr=2031',
    );

    const again = await w.t.app.inject({ url: EVENTS_API.ics(event.id), headers: w.as.admin });
    expect(vevents(again.body)[0]?.uid).toBe(parsed?.uid);
  });

  it('should answer 404 for an unknown event, 403 to a partner and 401 without token', async () => {
    const event = await createEvent(w);
    const missing = await w.t.app.inject({ url: '/api/event/999999/ics', headers: w.as.mitglied });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: EVENT_MESSAGES.notFound });
    const partner = await w.t.app.inject({ url: EVENTS_API.ics(event.id), headers: w.as.partner });
    expect(partner.statusCode).toBe(403);
    expect(partner.json()).toEqual({ detail: MESSAGES.forbidden });
    expect((await w.t.app.inject({ url: EVENTS_API.ics(event.id) })).statusCode).toBe(401);
  });
});

describe('the personal calendar subscription', () => {
  let member: Headers;
  beforeAll(async () => {
    await createUser(w.t.app, { username: 'abonnent', role: 'ROLE_USER' });
    member = bearer(await login(w.t.app, 'abonnent'));
    await createEvent(w, { name: 'Vor 100 Tagen', start: at(-100 * DAY), end: at(-100 * DAY + HOUR) });
    await createEvent(w, { name: 'Vor 30 Tagen', start: at(-30 * DAY), end: at(-30 * DAY + HOUR) });
    await createEvent(w, { name: 'In 200 Tagen', start: at(200 * DAY), end: at(200 * DAY + HOUR) });
  });

  const state = async (headers: Headers) =>
    (await w.t.app.inject({ url: EVENTS_API.calendarToken, headers })).json<TCalendarTokenState>();
  const createLink = (headers: Headers) =>
    w.t.app.inject({ method: 'POST', url: EVENTS_API.calendarToken, headers });
  const feedPath = (url: string) => new URL(url).pathname;

  it('should create an address whose feed a calendar app fetches without a header', async () => {
    expect(await state(member)).toEqual({ active: false, createdAt: null });
    const response = await createLink(member);
    expect(response.statusCode).toBe(200);
    const { url } = response.json<TCalendarLink>();
    expect(url).toMatch(/^http:\/\/localhost:8080\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await state(member)).toMatchObject({ active: true, createdAt: expect.any(String) });

    const feed = await w.t.app.inject({ url: feedPath(url) });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const summaries = vevents(feed.body).map((event) => propertyValue(event.summary));
    expect(summaries).toEqual(expect.arrayContaining(['Vor 30 Tagen', 'In 200 Tagen']));
    expect(summaries).not.toContain('Vor 100 Tagen');
    expect(feed.body).toContain('X-WR-CALNAME:Veranstaltungen');

    const stored = await w.t.database.db.selectFrom('calendarTokens').select('tokenHash').execute();
    const secret = /\/api\/calendar\/([^.]+)\.ics$/.exec(url)?.[1] ?? '';
    expect(stored.map((row) => row.tokenHash)).not.toContain(secret);
    expect(w.t.logs()).not.toContain(secret);
  });

  it('should replace the address on a second request and revoke it on DELETE', async () => {
    const first = (await createLink(member)).json<TCalendarLink>().url;
    const second = (await createLink(member)).json<TCalendarLink>().url;
    expect(second).not.toBe(first);
    expect((await w.t.app.inject({ url: feedPath(first) })).statusCode).toBe(404);
    expect((await w.t.app.inject({ url: feedPath(second) })).statusCode).toBe(200);

    const revoked = await w.t.app.inject({
      method: 'DELETE',
      url: EVENTS_API.calendarToken,
      headers: member,
    });
    expect(revoked.statusCode).toBe(204);
    const gone = await w.t.app.inject({ url: feedPath(second) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: EVENT_MESSAGES.calendarNotFound });
    expect(await state(member)).toEqual({ active: false, createdAt: null });
    const twice = await w.t.app.inject({
      method: 'DELETE',
      url: EVENTS_API.calendarToken,
      headers: member,
    });
    expect(twice.statusCode).toBe(204);
  });

  it('should answer 404 to a disabled member and to one who may no longer see events', async () => {
    await createUser(w.t.app, { username: 'ehemalig', role: 'ROLE_USER' });
    const headers = bearer(await login(w.t.app, 'ehemalig'));
    const url = feedPath((await createLink(headers)).json<TCalendarLink>().url);
    expect((await w.t.app.inject({ url })).statusCode).toBe(200);

    await w.t.app.accounts.upsertUser({ username: 'ehemalig', roles: ['ROLE_PARTNER'] });
    expect((await w.t.app.inject({ url })).statusCode).toBe(404);
    await w.t.app.accounts.upsertUser({ username: 'ehemalig', roles: ['ROLE_USER'] });
    expect((await w.t.app.inject({ url })).statusCode).toBe(200);

    await w.t.app.accounts.setDisabled('ehemalig', true);
    expect((await w.t.app.inject({ url })).statusCode).toBe(404);
  });

  it.each([
    '/api/calendar/unbekannt.ics',
    `/api/calendar/${'A'.repeat(43)}.ics`,
    `/api/calendar/${'A'.repeat(43)}`,
  ])('should answer 404 for the address %s', async (url) => {
    const response = await w.t.app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: EVENT_MESSAGES.calendarNotFound });
  });

  it('should refuse a partner with 403 and requests without token with 401', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const partner = await w.t.app.inject({
        method,
        url: EVENTS_API.calendarToken,
        headers: w.as.partner,
      });
      expect(partner.statusCode).toBe(403);
      expect((await w.t.app.inject({ method, url: EVENTS_API.calendarToken })).statusCode).toBe(401);
    }
  });
});
