import { EVENT_SERIES_MAX, REGISTRATION_MESSAGES, ZRecurrenceInput } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { expandRule, normalizeRule, rruleOf } from '../../src/features/events/event-series.ts';

const berlin = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Berlin',
  dateStyle: 'short',
  timeStyle: 'short',
});
const wall = (instant: Date) => berlin.format(instant);

function first(occurrences: readonly { start: Date }[]): Date {
  const one = occurrences[0];
  if (!one) throw new Error('no occurrence');
  return one.start;
}

function expand(start: string, hours: number, input: unknown) {
  const first = { start: new Date(start), end: new Date(Date.parse(start) + hours * 3_600_000) };
  const rule = normalizeRule(ZRecurrenceInput.parse(input), first.start);
  return { rule, occurrences: expandRule(first, rule) };
}

describe('series rule expansion', () => {
  it('should repeat weekly at the same Berlin time across the change to summer time', () => {
    // Tuesday 17 March 2026, 19:00 CET; summer time starts on 29 March (and ends on 25 October below)
    const { occurrences } = expand('2026-03-17T18:00:00.000Z', 2, { frequency: 'weekly', count: 4 });
    expect(occurrences.map((one) => wall(one.start))).toEqual([
      '2026-03-17 19:00',
      '2026-03-24 19:00',
      '2026-03-31 19:00',
      '2026-04-07 19:00',
    ]);
    expect(occurrences[2]?.start.toISOString()).toBe('2026-03-31T17:00:00.000Z');
    expect(occurrences.every((one) => one.end.getTime() - one.start.getTime() === 2 * 3_600_000)).toBe(true);
  });

  it('should repeat every 2 weeks until a Berlin date, inclusive', () => {
    const { occurrences } = expand('2026-10-06T16:00:00.000Z', 1, {
      frequency: 'weekly',
      interval: 2,
      until: '2026-11-17',
    });
    expect(occurrences.map((one) => wall(one.start))).toEqual([
      '2026-10-06 18:00',
      '2026-10-20 18:00',
      '2026-11-03 18:00',
      '2026-11-17 18:00',
    ]);
  });

  it('should repeat monthly on the 2nd Tuesday and on the last Friday', () => {
    // 10 March 2026 is the 2nd Tuesday
    const second = expand('2026-03-10T18:00:00.000Z', 2, { frequency: 'monthly', count: 3 });
    expect(second.rule.weekOfMonth).toBe(2);
    expect(second.occurrences.map((one) => wall(one.start))).toEqual([
      '2026-03-10 19:00',
      '2026-04-14 19:00',
      '2026-05-12 19:00',
    ]);
    // 27 March 2026 is the last Friday (and the 4th); the rule names the last
    const last = expand('2026-03-27T17:00:00.000Z', 3, { frequency: 'monthly', weekOfMonth: -1, count: 3 });
    expect(last.occurrences.map((one) => wall(one.start))).toEqual([
      '2026-03-27 18:00',
      '2026-04-24 18:00',
      '2026-05-29 18:00',
    ]);
    expect(rruleOf(last.rule, first(last.occurrences))).toBe('FREQ=MONTHLY;INTERVAL=1;BYDAY=-1FR;COUNT=3');
    expect(rruleOf(second.rule, first(second.occurrences))).toBe('FREQ=MONTHLY;INTERVAL=1;BYDAY=2TU;COUNT=3');
  });

  it('should write UNTIL as the end of the Berlin day in UTC', () => {
    const { rule, occurrences } = expand('2026-07-07T16:00:00.000Z', 1, {
      frequency: 'weekly',
      until: '2026-07-21',
    });
    expect(occurrences).toHaveLength(3);
    expect(rruleOf(rule, first(occurrences))).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=TU;UNTIL=20260721T215959Z');
  });

  it('should refuse a rule with too many occurrences or an end before the start', () => {
    expect(() => expand('2026-01-06T16:00:00.000Z', 1, { frequency: 'weekly', until: '2030-01-01' })).toThrow(
      REGISTRATION_MESSAGES.recurrenceTooMany,
    );
    expect(() => expand('2026-01-06T16:00:00.000Z', 1, { frequency: 'weekly', until: '2026-01-05' })).toThrow(
      REGISTRATION_MESSAGES.recurrenceUntilBeforeStart,
    );
    expect(
      expand('2026-01-06T16:00:00.000Z', 1, { frequency: 'weekly', count: EVENT_SERIES_MAX }).occurrences,
    ).toHaveLength(EVENT_SERIES_MAX);
  });
});
