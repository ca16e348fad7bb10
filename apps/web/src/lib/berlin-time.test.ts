import { describe, expect, it } from 'vitest';
import { berlinNowInput, fromBerlinInput, toBerlinInput } from './berlin-time';

describe('Berlin date-time inputs', () => {
  it('shows UTC instants as Berlin wall-clock time in summer and winter', () => {
    expect(toBerlinInput('2026-07-01T08:30:00.000Z')).toBe('2026-07-01 10:30:00');
    expect(toBerlinInput('2026-01-15T23:30:00Z')).toBe('2026-01-16 00:30:00');
  });

  it('sends Berlin wall-clock time as ISO 8601 in UTC', () => {
    expect(fromBerlinInput('2026-07-01 10:30:00')).toBe('2026-07-01T08:30:00.000Z');
    expect(fromBerlinInput('2026-01-16 00:30:00')).toBe('2026-01-15T23:30:00.000Z');
  });

  it('round-trips across the change to summer time', () => {
    const iso = '2026-03-29T01:30:00.000Z';
    expect(toBerlinInput(iso)).toBe('2026-03-29 03:30:00');
    expect(fromBerlinInput(toBerlinInput(iso))).toBe(iso);
  });

  it('treats empty and invalid values as missing', () => {
    expect(toBerlinInput(null)).toBeNull();
    expect(toBerlinInput('')).toBeNull();
    expect(toBerlinInput('kein Datum')).toBeNull();
    expect(fromBerlinInput(null)).toBe('');
    expect(fromBerlinInput('  ')).toBe('');
    expect(fromBerlinInput('31.12.2026')).toBe('');
  });

  it('starts new posts at the current minute, in Berlin', () => {
    expect(berlinNowInput(Date.parse('2026-07-01T08:30:42.123Z'))).toBe('2026-07-01 10:30:00');
  });
});
