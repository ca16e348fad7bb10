import { describe, expect, it } from 'vitest';
import { formatEventRange, hasEnded } from './event-dates';

describe('event dates', () => {
  it('writes one day with both times, 24 h, Berlin time', () => {
    expect(formatEventRange('2026-12-24T17:30:00.000Z', '2026-12-24T19:00:00.000Z')).toBe(
      '24.12.2026, 18:30–20:00 Uhr',
    );
  });

  it('writes several days with both dates', () => {
    expect(formatEventRange('2026-07-01T07:00:00.000Z', '2026-07-02T16:00:00.000Z')).toBe(
      '01.07.2026, 09:00 Uhr – 02.07.2026, 18:00 Uhr',
    );
  });

  it('knows whether an event has ended', () => {
    const now = Date.parse('2026-07-01T12:00:00.000Z');
    expect(hasEnded('2026-07-01T11:59:00.000Z', now)).toBe(true);
    expect(hasEnded('2026-07-01T12:01:00.000Z', now)).toBe(false);
  });
});
