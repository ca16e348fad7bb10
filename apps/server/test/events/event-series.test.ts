import { EVENTS_API, REGISTRATION_MESSAGES, type TEvent } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  createEventWorld,
  type EventWorld,
  eventInput,
  saveEvent,
  setStatus,
} from './event-helpers.ts';

let w: EventWorld;
beforeAll(async () => {
  w = await createEventWorld();
});
afterAll(() => w.close());

const berlin = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Berlin',
  dateStyle: 'short',
  timeStyle: 'short',
});
const occurrencesOf = async (seriesId: number | null): Promise<TEvent[]> => {
  const all = await w.json<TEvent[]>(`${EVENTS_API.list}?from=2026-01-01T00:00:00.000Z`, w.as.admin);
  return all.filter((event) => event.seriesId === seriesId && seriesId !== null);
};
const walls = (events: readonly TEvent[]) => events.map((event) => berlin.format(new Date(event.start)));
const remove = (id: number, scope?: string) =>
  w.t.app.inject({
    method: 'DELETE',
    url: `${EVENTS_API.byId(id)}${scope ? `?scope=${scope}` : ''}`,
    headers: w.as.admin,
  });

/** A weekly Tuesday series at 19:00 Berlin from 17 March 2027 on (summer time starts 28 March 2027). */
async function weekly(count = 4, name = 'Stammtisch Süd'): Promise<TEvent[]> {
  const first = await createEvent(w, {
    name,
    start: '2027-03-16T18:00:00.000Z',
    end: '2027-03-16T20:00:00.000Z',
    recurrence: { frequency: 'weekly', count },
  });
  expect(first.seriesId).not.toBeNull();
  expect(first.recurrence).toEqual({
    frequency: 'weekly',
    interval: 1,
    weekOfMonth: null,
    until: null,
    count,
  });
  return occurrencesOf(first.seriesId);
}

describe('event series', () => {
  it('should create every occurrence at the same Berlin time, each with its own answers', async () => {
    const events = await weekly();
    expect(walls(events)).toEqual([
      '2027-03-16 19:00',
      '2027-03-23 19:00',
      '2027-03-30 19:00',
      '2027-04-06 19:00',
    ]);
    const [first, second] = events;
    expect((await setStatus(w, w.as.mitglied, first?.id ?? 0, 1)).statusCode).toBe(200);
    const shown = await w.json<TEvent>(EVENTS_API.byId(second?.id ?? 0), w.as.mitglied);
    expect(shown.mySubscription).toBeNull();
    expect((await w.json<TEvent>(EVENTS_API.byId(first?.id ?? 0), w.as.mitglied)).mySubscription).toBe(true);
  });

  it('should create monthly series on the 2nd Tuesday and the last Friday, until a date or N times', async () => {
    const tuesday = await createEvent(w, {
      start: '2027-01-12T17:00:00.000Z',
      end: '2027-01-12T19:00:00.000Z',
      recurrence: { frequency: 'monthly', until: '2027-05-31' },
    });
    expect(tuesday.recurrence).toMatchObject({ frequency: 'monthly', weekOfMonth: 2, until: '2027-05-31' });
    expect(walls(await occurrencesOf(tuesday.seriesId))).toEqual([
      '2027-01-12 18:00',
      '2027-02-09 18:00',
      '2027-03-09 18:00',
      '2027-04-13 18:00',
      '2027-05-11 18:00',
    ]);
    const friday = await createEvent(w, {
      start: '2027-02-26T17:00:00.000Z',
      end: '2027-02-26T20:00:00.000Z',
      recurrence: { frequency: 'monthly', weekOfMonth: -1, interval: 2, count: 3 },
    });
    expect(walls(await occurrencesOf(friday.seriesId))).toEqual([
      '2027-02-26 18:00',
      '2027-04-30 18:00',
      '2027-06-25 18:00',
    ]);
  });

  it('should refuse bad rules with the contract messages and write nothing', async () => {
    const cases: [unknown, string][] = [
      [{ frequency: 'weekly' }, REGISTRATION_MESSAGES.recurrenceEndRequired],
      [{ frequency: 'weekly', count: 3, until: '2027-12-01' }, REGISTRATION_MESSAGES.recurrenceEndBoth],
      [{ frequency: 'weekly', count: 500 }, REGISTRATION_MESSAGES.recurrenceCountRange],
      [{ frequency: 'weekly', until: '2031-01-01' }, REGISTRATION_MESSAGES.recurrenceTooMany],
      [{ frequency: 'weekly', until: '2020-01-01' }, REGISTRATION_MESSAGES.recurrenceUntilBeforeStart],
      [{ frequency: 'monthly', weekOfMonth: 5, count: 3 }, REGISTRATION_MESSAGES.recurrenceWeekInvalid],
      [{ frequency: 'weekly', interval: 0, count: 3 }, REGISTRATION_MESSAGES.recurrenceIntervalRange],
    ];
    const before = await w.t.database.db.selectFrom('events').select('id').execute();
    for (const [recurrence, message] of cases) {
      const response = await saveEvent(w, w.as.admin, {
        ...eventInput({ start: '2027-09-07T16:00:00.000Z', end: '2027-09-07T18:00:00.000Z' }),
        recurrence: recurrence as never,
      });
      expect(response.statusCode, JSON.stringify(recurrence)).toBe(400);
      expect(response.body).toContain(message);
    }
    expect(await w.t.database.db.selectFrom('events').select('id').execute()).toHaveLength(before.length);
    const member = await saveEvent(w, w.as.mitglied, {
      ...eventInput(),
      recurrence: { frequency: 'weekly', count: 2 },
    });
    expect(member.statusCode).toBe(403);
  });

  it("should change one occurrence with scope 'this' and all following with 'following'", async () => {
    const events = await weekly(4, 'Stammtisch Nord');
    const [, second, third] = events;
    if (!second || !third) throw new Error('no occurrences');
    await createEvent(w, {
      id: second.id,
      name: 'Stammtisch Nord (Sonder)',
      start: second.start,
      end: second.end,
    });
    // from the third on: 30 minutes later, 3 hours, another place
    await createEvent(w, {
      id: third.id,
      name: 'Stammtisch Nord',
      location: 'Ratskeller',
      start: '2027-03-30T17:30:00.000Z',
      end: '2027-03-30T20:30:00.000Z',
      scope: 'following',
    });
    const after = await occurrencesOf(second.seriesId);
    expect(walls(after)).toEqual([
      '2027-03-16 19:00',
      '2027-03-23 19:00',
      '2027-03-30 19:30',
      '2027-04-06 19:30',
    ]);
    expect(after.map((event) => event.name)).toEqual([
      'Stammtisch Nord',
      'Stammtisch Nord (Sonder)',
      'Stammtisch Nord',
      'Stammtisch Nord',
    ]);
    expect(after.map((event) => event.location)).toEqual([
      'Messe Düsseldorf, Halle 11',
      'Messe Düsseldorf, Halle 11',
      'Ratskeller',
      'Ratskeller',
    ]);
    expect(
      after.every(
        (event, index) => Date.parse(event.end) - Date.parse(event.start) === (index < 2 ? 2 : 3) * 3_600_000,
      ),
    ).toBe(true);
  });

  it("should split the series with a new rule and 'following', keeping answers on the same days", async () => {
    const events = await weekly(4, 'Werkstattgespräch');
    const [, second, third] = events;
    if (!second || !third) throw new Error('no occurrences');
    expect((await setStatus(w, w.as.mitglied, third.id, 1)).statusCode).toBe(200);
    await createEvent(w, {
      id: second.id,
      name: 'Werkstattgespräch',
      start: second.start,
      end: second.end,
      scope: 'following',
      recurrence: { frequency: 'weekly', count: 3 },
    });
    const old = await occurrencesOf(second.seriesId);
    const moved = await w.json<TEvent>(EVENTS_API.byId(second.id), w.as.admin);
    expect(moved.seriesId).not.toBe(second.seriesId);
    expect(walls(old)).toEqual(['2027-03-16 19:00']);
    expect(old[0]?.recurrence?.until).toBe('2027-03-22');
    const split = await occurrencesOf(moved.seriesId);
    expect(walls(split)).toEqual(['2027-03-23 19:00', '2027-03-30 19:00', '2027-04-06 19:00']);
    expect(split[1]?.id).toBe(third.id);
    expect((await w.json<TEvent>(EVENTS_API.byId(third.id), w.as.mitglied)).mySubscription).toBe(true);
  });

  it('should turn a single event into a series when a save gives it a rule, keeping its answers', async () => {
    const single = await createEvent(w, {
      name: 'Regionaltreffen Ost',
      start: '2027-05-04T17:00:00.000Z',
      end: '2027-05-04T19:00:00.000Z',
    });
    expect(single.seriesId).toBeNull();
    expect((await setStatus(w, w.as.mitglied, single.id, 1)).statusCode).toBe(200);
    const saved = await createEvent(w, {
      id: single.id,
      name: 'Regionaltreffen Ost',
      start: single.start,
      end: single.end,
      recurrence: { frequency: 'weekly', interval: 2, count: 3 },
    });
    expect(saved.id).toBe(single.id);
    expect(saved.seriesId).not.toBeNull();
    expect(saved.recurrence).toMatchObject({ frequency: 'weekly', interval: 2, count: 3 });
    const series = await occurrencesOf(saved.seriesId);
    expect(walls(series)).toEqual(['2027-05-04 19:00', '2027-05-18 19:00', '2027-06-01 19:00']);
    expect(series[0]?.id).toBe(single.id);
    expect((await w.json<TEvent>(EVENTS_API.byId(single.id), w.as.mitglied)).mySubscription).toBe(true);
  });

  it("should delete and cancel with scope 'this' and 'following'", async () => {
    const events = await weekly(5, 'Messeabend');
    const ids = events.map((event) => event.id);
    expect((await remove(ids[1] ?? 0)).statusCode).toBe(204);
    expect((await remove(ids[3] ?? 0, 'following')).statusCode).toBe(204);
    const audit = await w.t.database.db
      .selectFrom('auditLog')
      .select(['kind', 'changes'])
      .where('subjectId', '=', ids[3] ?? 0)
      .where('kind', '=', 'event.seriesDelete')
      .execute();
    expect(audit.map((row) => JSON.parse(row.changes ?? '{}'))).toEqual([
      { occurrences: { before: 2, after: 0 } },
    ]);
    const left = await occurrencesOf(events[0]?.seriesId ?? null);
    expect(left.map((event) => event.id)).toEqual([ids[0], ids[2]]);
    const exceptions = await w.t.database.db
      .selectFrom('eventSeriesExceptions')
      .select('recurrenceId')
      .where('seriesId', '=', events[0]?.seriesId ?? 0)
      .orderBy('recurrenceId')
      .execute();
    expect(exceptions.map((row) => row.recurrenceId.toISOString())).toEqual([
      events[1]?.start,
      events[3]?.start,
      events[4]?.start,
    ]);

    const cancelled = await w.t.app.inject({
      method: 'POST',
      url: `${EVENTS_API.cancel(ids[0] ?? 0)}?scope=following`,
      headers: w.as.admin,
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await occurrencesOf(events[0]?.seriesId ?? null)).map((event) => event.cancelled)).toEqual([
      true,
      true,
    ]);
  });
});
