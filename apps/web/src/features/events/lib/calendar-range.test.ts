import { describe, expect, it } from 'vitest';
import { berlinDay, isAfterToday, rangeQuery } from './calendar-range';

describe('calendar range', () => {
  it('asks for the shown days as ISO instants, end exclusive', () => {
    // A month view of June 2026 in Berlin: Monday 1 June to Monday 13 July (six weeks).
    const start = new Date('2026-05-31T22:00:00.000Z');
    const end = new Date('2026-07-12T22:00:00.000Z');
    expect(rangeQuery(start, end)).toEqual({
      from: '2026-05-31T22:00:00.000Z',
      to: '2026-07-12T22:00:00.000Z',
    });
  });

  it('names the Berlin day of an instant', () => {
    expect(berlinDay(new Date('2026-06-30T22:30:00.000Z'))).toBe('2026-07-01');
    expect(berlinDay(new Date('2026-01-15T22:59:00.000Z'))).toBe('2026-01-15');
  });
});

describe('a day after today (SPEC §5)', () => {
  const now = new Date('2026-06-10T09:00:00.000Z');

  it('accepts tomorrow and later', () => {
    expect(isAfterToday('2026-06-11', now)).toBe(true);
    expect(isAfterToday('2027-01-01', now)).toBe(true);
  });

  it('refuses today and earlier days', () => {
    expect(isAfterToday('2026-06-10', now)).toBe(false);
    expect(isAfterToday('2026-06-09', now)).toBe(false);
  });

  it('counts days in Berlin: shortly before midnight UTC it is already tomorrow there', () => {
    const lateEvening = new Date('2026-06-10T22:30:00.000Z'); // 00:30 on 11 June in Berlin
    expect(isAfterToday('2026-06-11', lateEvening)).toBe(false);
    expect(isAfterToday('2026-06-12', lateEvening)).toBe(true);
  });

  it('reads the day of a date string with a time', () => {
    expect(isAfterToday('2026-06-11T00:00:00+02:00', now)).toBe(true);
    expect(isAfterToday('kein Datum', now)).toBe(false);
  });
});
