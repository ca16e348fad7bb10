import { ZEventInput } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  defaultRecurrence,
  eventPayload,
  initialEventValues,
  occurrencesUntil,
  recurrenceProblems,
} from './event-form-values';

const KEEP = { file: null, remove: false } as const;
const base = {
  ...initialEventValues(undefined, '2026-09-08'),
  name: 'Stammtisch',
  description: '<p>Treffen</p>',
};

describe('registration fields of the event form (issue 35 point 1)', () => {
  it('starts a new event unlimited, without companions, reminding 24 hours before', () => {
    expect(initialEventValues(undefined)).toMatchObject({
      maxParticipants: null,
      waitingList: false,
      maxGuests: 0,
      reminderHours: 24,
      recurrence: null,
    });
  });

  it('sends capacity, waiting list, companions and reminder; no reminder is null', () => {
    const parsed = ZEventInput.parse({
      ...base,
      maxParticipants: 2,
      waitingList: true,
      maxGuests: 1,
      reminderHours: null,
    });
    expect(eventPayload(parsed, KEEP)).toMatchObject({
      maxParticipants: 2,
      waitingList: true,
      maxGuests: 1,
      reminderHours: null,
      recurrence: null,
    });
  });

  it('drops the waiting list without a capacity', () => {
    const parsed = ZEventInput.parse({ ...base, maxParticipants: null, waitingList: true });
    expect(eventPayload(parsed, KEEP).waitingList).toBe(false);
  });

  it("refuses out-of-range numbers with the contract's messages", () => {
    const messages = (values: object) =>
      ZEventInput.safeParse({ ...base, ...values }).error?.issues.map((issue) => issue.message);
    expect(messages({ maxParticipants: 0 })).toEqual([
      'Die maximale Teilnehmerzahl muss zwischen 1 und 10000 liegen.',
    ]);
    expect(messages({ maxGuests: 21 })).toEqual([
      'Die Zahl der Begleitpersonen muss zwischen 0 und 20 liegen.',
    ]);
    expect(messages({ reminderHours: 0 })).toEqual([
      'Die Erinnerung muss zwischen 1 und 720 Stunden vor Beginn liegen.',
    ]);
  });

  it('sends a weekly series of 4 and a monthly one on the 2nd weekday until a date', () => {
    const weekly = ZEventInput.parse({ ...base, recurrence: { ...defaultRecurrence('weekly'), count: 4 } });
    expect(eventPayload(weekly, KEEP).recurrence).toEqual({
      frequency: 'weekly',
      interval: 1,
      weekOfMonth: null,
      until: null,
      count: 4,
    });
    const monthly = ZEventInput.parse({
      ...base,
      recurrence: { ...defaultRecurrence('monthly', 2), interval: 1, until: '2027-03-01' },
    });
    expect(eventPayload(monthly, KEEP).recurrence).toEqual({
      frequency: 'monthly',
      interval: 1,
      weekOfMonth: 2,
      until: '2027-03-01',
      count: null,
    });
  });

  it('asks for an end of the series, and only one', () => {
    const messages = (recurrence: object) =>
      ZEventInput.safeParse({ ...base, recurrence }).error?.issues.map((issue) => issue.message);
    expect(messages(defaultRecurrence('weekly'))).toEqual([
      'Die Wiederholung braucht ein Enddatum oder eine Anzahl von Terminen.',
    ]);
    expect(messages({ ...defaultRecurrence('weekly'), count: 1 })).toEqual([
      'Eine Serie hat 2 bis 104 Termine.',
    ]);
  });

  it('checks the end date against the start and the number of dates', () => {
    const rule = { ...defaultRecurrence('weekly'), until: '2026-09-01' };
    expect(recurrenceProblems({ start: base.start, recurrence: rule })).toEqual([
      { path: 'until', message: 'Das Enddatum der Wiederholung liegt vor dem Beginn.' },
    ]);
    const long = { ...defaultRecurrence('weekly'), until: '2029-01-01' };
    expect(recurrenceProblems({ start: base.start, recurrence: long })).toEqual([
      { path: 'until', message: 'Eine Serie hat höchstens 104 Termine.' },
    ]);
    expect(recurrenceProblems({ start: base.start, recurrence: { ...long, until: '2026-09-29' } })).toEqual(
      [],
    );
    expect(occurrencesUntil(long, '2026-09-08', '2026-09-29')).toBe(4);
    expect(occurrencesUntil({ frequency: 'monthly', interval: 2 }, '2026-09-08', '2027-03-31')).toBe(4);
  });

  it('never sends a series when an event is changed, and sends the chosen scope', () => {
    const event = { ...base, id: 9, recurrence: { ...defaultRecurrence('weekly'), count: 4 } };
    const payload = eventPayload(ZEventInput.parse(event), KEEP, 'following');
    expect(payload).not.toHaveProperty('recurrence');
    expect(payload.scope).toBe('following');
    expect(eventPayload(ZEventInput.parse(event), KEEP)).not.toHaveProperty('scope');
  });
});
