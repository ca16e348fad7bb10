import { EVENTS_API, type TCalendarLink, type TEvent } from '@portal/contract';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  createEvent,
  createEventWorld,
  DAY,
  type EventWorld,
  eventInput,
  HOUR,
  saveEvent,
  setStatus,
} from './event-helpers.ts';

let w: EventWorld;
let feed: string;
beforeAll(async () => {
  w = await createEventWorld();
  const link = await w.t.app.inject({
    method: 'POST',
    url: EVENTS_API.calendarToken,
    headers: w.as.mitglied,
  });
  feed = new URL(link.json<TCalendarLink>().url).pathname;
});
afterAll(() => w.t.close());

function vevents(text: string): VEvent[] {
  return Object.values(ical.sync.parseICS(text)).filter(
    (component): component is VEvent => component?.type === 'VEVENT',
  );
}

/** The SEQUENCE of the event in its own download and in the member's feed, as node-ical reads them. */
async function sequences(event: TEvent): Promise<{ download: unknown; feed: unknown }> {
  const download = await w.t.app.inject({ url: EVENTS_API.ics(event.id), headers: w.as.mitglied });
  expect(download.statusCode).toBe(200);
  const subscribed = await w.t.app.inject({ url: feed });
  expect(subscribed.statusCode).toBe(200);
  const uid = vevents(download.body)[0]?.uid;
  const inFeed = vevents(subscribed.body).find((entry) => entry.uid === uid);
  return { download: vevents(download.body)[0]?.sequence, feed: inFeed?.sequence };
}

async function update(event: TEvent, overrides: Parameters<typeof eventInput>[0]): Promise<void> {
  const saved = await saveEvent(w, w.as.admin, eventInput({ ...overrides, id: event.id }));
  expect(saved.statusCode).toBe(200);
}

describe('the SEQUENCE of an event in calendar files', () => {
  it('should start at 0 and grow by one with every save that changes the event', async () => {
    const start = at(10 * DAY);
    const end = at(10 * DAY + 2 * HOUR);
    const event = await createEvent(w, { name: 'Normenausschuss', start, end });
    expect(await sequences(event)).toEqual({ download: 0, feed: 0 });

    await update(event, { name: 'Normenausschuss (verlegt)', start, end });
    expect(await sequences(event)).toEqual({ download: 1, feed: 1 });

    await update(event, { name: 'Normenausschuss (verlegt)', start: at(11 * DAY), end: at(11 * DAY + HOUR) });
    expect(await sequences(event)).toEqual({ download: 2, feed: 2 });
  });

  it('should keep the SEQUENCE when a save changes nothing or a member answers', async () => {
    const start = at(12 * DAY);
    const end = at(12 * DAY + 2 * HOUR);
    const event = await createEvent(w, { name: 'Stammtisch', start, end });
    await update(event, { name: 'Stammtisch Nord', start, end });
    expect(await sequences(event)).toEqual({ download: 1, feed: 1 });

    await update(event, { name: 'Stammtisch Nord', start, end });
    expect((await setStatus(w, w.as.mitglied, event.id, 1)).statusCode).toBe(200);
    expect((await setStatus(w, w.as.kollegin, event.id, 0)).statusCode).toBe(200);
    expect(await sequences(event)).toEqual({ download: 1, feed: 1 });
  });

  it('should count a changed description or deadline as a change', async () => {
    const start = at(14 * DAY);
    const end = at(14 * DAY + HOUR);
    const event = await createEvent(w, { name: 'Werksbesichtigung', start, end });
    await update(event, {
      name: 'Werksbesichtigung',
      start,
      end,
      description: '<p>Neu: Treffpunkt Tor 2.</p>',
    });
    await update(event, {
      name: 'Werksbesichtigung',
      start,
      end,
      description: '<p>Neu: Treffpunkt Tor 2.</p>',
      registrationDeadline: at(13 * DAY),
    });
    expect(await sequences(event)).toEqual({ download: 2, feed: 2 });
  });
});
