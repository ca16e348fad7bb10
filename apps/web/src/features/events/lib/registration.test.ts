import type { TEvent } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { recurrenceWords, weekOfMonthWords, weeksOfMonth } from './recurrence';
import { acceptState, placesLabel, waitlistLabel } from './registration';

type Places = Pick<
  TEvent,
  | 'freePlaces'
  | 'waitingList'
  | 'mySubscription'
  | 'myWaitlistPosition'
  | 'myGuests'
  | 'cancelled'
  | 'external'
  | 'teilnahmeausblenden'
>;
const open: Places = {
  freePlaces: 4,
  waitingList: false,
  mySubscription: null,
  myWaitlistPosition: null,
  myGuests: 0,
  cancelled: false,
  external: false,
  teilnahmeausblenden: false,
};

describe('places and waiting list labels (issue 35 points 1 and 4)', () => {
  it("says 'noch 4 Plätze', 'noch 1 Platz', 'ausgebucht', nothing without a capacity", () => {
    expect(placesLabel(open)).toBe('noch 4 Plätze');
    expect(placesLabel({ ...open, freePlaces: 1 })).toBe('noch 1 Platz');
    expect(placesLabel({ ...open, freePlaces: 0 })).toBe('ausgebucht');
    expect(placesLabel({ ...open, freePlaces: null })).toBeNull();
    expect(placesLabel({ ...open, cancelled: true })).toBeNull();
    expect(placesLabel({ ...open, external: true })).toBeNull();
  });

  it("says 'Warteliste, Platz 3' while the member waits", () => {
    expect(waitlistLabel({ myWaitlistPosition: 3, cancelled: false })).toBe('Warteliste, Platz 3');
    expect(waitlistLabel({ myWaitlistPosition: null, cancelled: false })).toBeNull();
  });

  it('gives a place, a waiting place or the reason it cannot', () => {
    expect(acceptState(open)).toEqual({ kind: 'place' });
    expect(acceptState({ ...open, freePlaces: null })).toEqual({ kind: 'place' });
    expect(acceptState({ ...open, freePlaces: 0, waitingList: true })).toEqual({ kind: 'waitlist' });
    expect(acceptState({ ...open, freePlaces: 0 })).toEqual({
      kind: 'refused',
      reason: 'Die Veranstaltung ist ausgebucht.',
    });
    expect(acceptState({ ...open, freePlaces: 1 }, 1)).toEqual({
      kind: 'refused',
      reason: 'Es ist nur noch 1 Platz frei.',
    });
    expect(acceptState({ ...open, freePlaces: 1, waitingList: true }, 1)).toEqual({ kind: 'waitlist' });
    expect(acceptState({ ...open, cancelled: true })).toEqual({
      kind: 'refused',
      reason: 'Die Veranstaltung wurde abgesagt.',
    });
  });

  it('counts only added companions for a member who has a place', () => {
    const placed = { ...open, freePlaces: 0, mySubscription: true, myGuests: 1 };
    expect(acceptState(placed, 1)).toEqual({ kind: 'place' });
    expect(acceptState(placed, 0)).toEqual({ kind: 'place' });
    expect(acceptState(placed, 2).kind).toBe('refused');
  });
});

describe('a series in words (issue 35 point 5)', () => {
  // 2026-09-08 is the 2nd Tuesday of September; 2026-09-29 its last.
  it('names the n-th or last weekday of the start', () => {
    expect(weeksOfMonth('2026-09-08T16:00:00.000Z')).toEqual([2]);
    expect(weeksOfMonth('2026-09-29T16:00:00.000Z')).toEqual([-1]);
    expect(weeksOfMonth('2026-09-24T16:00:00.000Z')).toEqual([4, -1]);
    expect(weekOfMonthWords(2, 'Dienstag')).toBe('am 2. Dienstag');
    expect(weekOfMonthWords(-1, 'Dienstag')).toBe('am letzten Dienstag');
  });

  it('reads the weekday in Berlin time', () => {
    // 23:30 UTC on Monday is Tuesday 01:30 in Berlin.
    expect(weeksOfMonth('2026-09-07T23:30:00.000Z')).toEqual([2]);
  });

  it('words weekly and monthly rules', () => {
    const start = '2026-09-08T16:00:00.000Z';
    expect(recurrenceWords({ frequency: 'weekly', interval: 1, weekOfMonth: null }, start)).toBe(
      'wöchentlich',
    );
    expect(recurrenceWords({ frequency: 'weekly', interval: 2, weekOfMonth: null }, start)).toBe(
      'alle 2 Wochen',
    );
    expect(recurrenceWords({ frequency: 'monthly', interval: 1, weekOfMonth: 2 }, start)).toBe(
      'monatlich am 2. Dienstag',
    );
    expect(recurrenceWords({ frequency: 'monthly', interval: 3, weekOfMonth: -1 }, start)).toBe(
      'alle 3 Monate am letzten Dienstag',
    );
  });
});
