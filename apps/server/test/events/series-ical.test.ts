import { EVENTS_API, type TCalendarLink, type TEvent } from '@portal/contract';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createEventWorld, type EventWorld } from './event-helpers.ts';

let w: EventWorld;
beforeAll(async () => {
  w = await createEventWorld();
});
afterAll(() => w.close());

function vevents(text: string): VEvent[] {
  return Object.values(ical.sync.parseICS(text)).filter(
    (component): component is VEvent => component?.type === 'VEVENT',
  );
}

/** RFC 5545 §3.1: lines are at most 75 octets long. */
function expectFolded(text: string): void {
  for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
}

describe('a series in iCalendar', () => {
  it('should be one VEVENT with RRULE, EXDATE and RECURRENCE-ID overrides in TZID Europe/Berlin', async () => {
    const first = await createEvent(w, {
      name: 'Stammtisch West',
      start: '2027-03-16T18:00:00.000Z',
      end: '2027-03-16T20:00:00.000Z',
      recurrence: { frequency: 'weekly', count: 5 },
    });
    const all = (
      await w.json<TEvent[]>(`${EVENTS_API.list}?from=2027-03-01T00:00:00.000Z`, w.as.admin)
    ).filter((event) => event.seriesId === first.seriesId);
    const [, second, third, fourth] = all;
    if (!second || !third || !fourth) throw new Error('no occurrences');
    await w.t.app.inject({ method: 'DELETE', url: EVENTS_API.byId(second.id), headers: w.as.admin });
    await createEvent(w, {
      id: third.id,
      name: 'Stammtisch West',
      start: '2027-03-30T16:30:00.000Z',
      end: '2027-03-30T18:30:00.000Z',
    });
    await w.t.app.inject({ method: 'POST', url: EVENTS_API.cancel(fourth.id), headers: w.as.admin });

    const link = await w.t.app.inject({
      method: 'POST',
      url: EVENTS_API.calendarToken,
      headers: w.as.mitglied,
    });
    const feed = await w.t.app.inject({ url: new URL(link.json<TCalendarLink>().url).pathname });
    expect(feed.statusCode).toBe(200);
    const text = feed.body;
    expectFolded(text);
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin');
    expect(text).toContain('DTSTART;TZID=Europe/Berlin:20270316T190000');
    expect(text).toContain('RRULE:FREQ=WEEKLY;COUNT=5;INTERVAL=1;BYDAY=TU');
    expect(text).toContain('EXDATE;TZID=Europe/Berlin:20270323T190000');
    expect(text).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20270330T190000');
    expect(text).toContain('DTSTART;TZID=Europe/Berlin:20270330T183000');
    expect(text).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20270406T190000');

    const uid = `event-series-${first.seriesId}@localhost`;
    const series = vevents(text).filter((event) => event.uid === uid);
    const master = series.find((event) => event.rrule);
    expect(master?.summary).toBe('Stammtisch West');
    // parsed back: the rule's instances at 19:00 Berlin across summer time, without the deleted one
    const starts = (master?.rrule?.all() ?? []).map((date) => new Date(date).toISOString());
    expect(starts).toEqual([
      '2027-03-16T18:00:00.000Z',
      '2027-03-23T18:00:00.000Z',
      '2027-03-30T17:00:00.000Z',
      '2027-04-06T17:00:00.000Z',
      '2027-04-13T17:00:00.000Z',
    ]);
    // node-ical keys each EXDATE by its day and by its instant: one deleted occurrence
    const excluded = new Set(Object.values(master?.exdate ?? {}).map((date) => new Date(date).toISOString()));
    expect([...excluded]).toEqual(['2027-03-23T18:00:00.000Z']);
    // node-ical keys each override by its day and by its instant too
    const overrides = new Map(
      (Object.values(master?.recurrences ?? {}) as VEvent[]).map((event) => [
        event.start.toISOString(),
        event.status ?? null,
      ]),
    );
    expect([...overrides]).toEqual([
      ['2027-03-30T16:30:00.000Z', null],
      ['2027-04-06T17:00:00.000Z', 'CANCELLED'],
    ]);
  });

  it("should give an occurrence's own download as that occurrence with the series' UID (decision 0167)", async () => {
    const first = await createEvent(w, {
      name: 'Monatstreffen',
      start: '2027-05-27T16:00:00.000Z',
      end: '2027-05-27T18:00:00.000Z',
      recurrence: { frequency: 'monthly', weekOfMonth: -1, count: 3 },
    });
    const response = await w.t.app.inject({ url: EVENTS_API.ics(first.id), headers: w.as.mitglied });
    const [only, ...rest] = vevents(response.body);
    expect(rest).toHaveLength(0);
    expect(only?.uid).toBe(`event-series-${first.seriesId}@localhost`);
    expect(response.body).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20270527T180000');
    expect(only?.start.toISOString()).toBe('2027-05-27T16:00:00.000Z');
    // the VTIMEZONE's summer-time rules are its only RRULEs
    expect(response.body).not.toContain('RRULE:FREQ=MONTHLY');
  });
});
