import { describe, expect, it } from 'vitest';
import { latestSlot, previousSlot } from '../../src/features/notifications/digest-slots.ts';

const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe('daily digest slots (07:00 Europe/Berlin)', () => {
  it('should give today 07:00 once it has passed, in winter (UTC+1)', () => {
    expect(iso(latestSlot('daily', at('2026-01-14T06:00:00.000Z')))).toBe('2026-01-14T06:00:00.000Z');
    expect(iso(latestSlot('daily', at('2026-01-14T22:59:59.999Z')))).toBe('2026-01-14T06:00:00.000Z');
  });

  it('should give yesterday 07:00 before 07:00, also after midnight Berlin that is still yesterday in UTC', () => {
    expect(iso(latestSlot('daily', at('2026-01-14T05:59:59.999Z')))).toBe('2026-01-13T06:00:00.000Z');
    // 00:30 Berlin on the 15th is 23:30 UTC on the 14th
    expect(iso(latestSlot('daily', at('2026-01-14T23:30:00.000Z')))).toBe('2026-01-14T06:00:00.000Z');
  });

  it('should give 07:00 summer time (UTC+2)', () => {
    expect(iso(latestSlot('daily', at('2026-07-01T05:00:00.000Z')))).toBe('2026-07-01T05:00:00.000Z');
    expect(iso(latestSlot('daily', at('2026-07-01T04:59:00.000Z')))).toBe('2026-06-30T05:00:00.000Z');
  });

  it('should keep 07:00 on the day summer time begins (a 23-hour day)', () => {
    // 29 March 2026: clocks go from 02:00 to 03:00; 07:00 is UTC+2
    const slot = latestSlot('daily', at('2026-03-29T05:30:00.000Z'));
    expect(iso(slot)).toBe('2026-03-29T05:00:00.000Z');
    expect(iso(previousSlot('daily', slot))).toBe('2026-03-28T06:00:00.000Z');
    expect(iso(latestSlot('daily', at('2026-03-29T05:59:00.000Z')))).toBe('2026-03-29T05:00:00.000Z');
  });

  it('should keep 07:00 on the day summer time ends (a 25-hour day)', () => {
    // 25 October 2026: clocks go from 03:00 back to 02:00; 07:00 is UTC+1
    const slot = latestSlot('daily', at('2026-10-25T06:00:00.000Z'));
    expect(iso(slot)).toBe('2026-10-25T06:00:00.000Z');
    expect(iso(previousSlot('daily', slot))).toBe('2026-10-24T05:00:00.000Z');
    // 06:30 Berlin (05:30 UTC) on that day: still the day before
    expect(iso(latestSlot('daily', at('2026-10-25T05:30:00.000Z')))).toBe('2026-10-24T05:00:00.000Z');
  });

  it('should step back across a month and a year', () => {
    expect(iso(previousSlot('daily', at('2026-01-01T06:00:00.000Z')))).toBe('2025-12-31T06:00:00.000Z');
    expect(iso(previousSlot('daily', at('2026-03-01T06:00:00.000Z')))).toBe('2026-02-28T06:00:00.000Z');
  });
});

describe('weekly digest slots (Monday 07:00 Europe/Berlin)', () => {
  it('should give this Monday 07:00 from Monday 07:00 until the next', () => {
    // 12 January 2026 is a Monday
    expect(iso(latestSlot('weekly', at('2026-01-12T06:00:00.000Z')))).toBe('2026-01-12T06:00:00.000Z');
    expect(iso(latestSlot('weekly', at('2026-01-16T12:00:00.000Z')))).toBe('2026-01-12T06:00:00.000Z');
    expect(iso(latestSlot('weekly', at('2026-01-19T05:59:00.000Z')))).toBe('2026-01-12T06:00:00.000Z');
    expect(iso(latestSlot('weekly', at('2026-01-19T06:00:00.000Z')))).toBe('2026-01-19T06:00:00.000Z');
  });

  it('should give last Monday on Monday before 07:00 and on Sunday night', () => {
    expect(iso(latestSlot('weekly', at('2026-01-12T05:00:00.000Z')))).toBe('2026-01-05T06:00:00.000Z');
    // Monday 00:30 Berlin is Sunday 23:30 UTC
    expect(iso(latestSlot('weekly', at('2026-01-11T23:30:00.000Z')))).toBe('2026-01-05T06:00:00.000Z');
  });

  it('should step one week back across the change to summer time (167 hours)', () => {
    // Monday 30 March 2026 07:00 CEST; the Monday before was CET
    const slot = latestSlot('weekly', at('2026-03-30T05:00:00.000Z'));
    expect(iso(slot)).toBe('2026-03-30T05:00:00.000Z');
    expect(iso(previousSlot('weekly', slot))).toBe('2026-03-23T06:00:00.000Z');
    expect(iso(latestSlot('weekly', at('2026-03-30T04:59:00.000Z')))).toBe('2026-03-23T06:00:00.000Z');
  });

  it('should step one week back across the change to winter time (169 hours)', () => {
    const slot = latestSlot('weekly', at('2026-10-26T06:00:00.000Z'));
    expect(iso(slot)).toBe('2026-10-26T06:00:00.000Z');
    expect(iso(previousSlot('weekly', slot))).toBe('2026-10-19T05:00:00.000Z');
  });
});
