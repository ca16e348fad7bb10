import { EVENT_LIST_PAGE_SIZE, type TEvent } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { nextPageAfter, withAnswer, withFurther } from './event-pages';

const event = (id: number, overrides: Partial<TEvent> = {}): TEvent => ({
  id,
  name: `Veranstaltung ${id}`,
  description: '<p>Programm</p>',
  location: null,
  start: `2031-07-${String(id).padStart(2, '0')}T07:00:00.000Z`,
  end: `2031-07-${String(id).padStart(2, '0')}T09:00:00.000Z`,
  url: null,
  teilnahmeausblenden: false,
  external: false,
  registrationDeadline: null,
  image: null,
  imagePath: null,
  eventSubscriptions: [],
  mySubscription: null,
  registrationOpen: true,
  canSubscribe: true,
  participantCount: null,
  declinedCount: null,
  maxParticipants: null,
  waitingList: false,
  maxGuests: 0,
  reminderHours: null,
  cancelled: false,
  seriesId: null,
  recurrence: null,
  freePlaces: null,
  myWaitlistPosition: null,
  myGuests: 0,
  waitlist: [],
  guestCount: null,
  waitingCount: null,
  ...overrides,
});

describe('the listing pages (issue 19)', () => {
  it('asks for a further page only after a full one, from its last event', () => {
    const full = Array.from({ length: EVENT_LIST_PAGE_SIZE }, (_, n) => event(n + 1));
    expect(nextPageAfter(full)).toBe(`2031-07-20T07:00:00.000Z,${EVENT_LIST_PAGE_SIZE}`);
    expect(nextPageAfter(full.slice(1))).toBeUndefined();
    expect(nextPageAfter([])).toBeUndefined();
  });

  it('adds the further pages after the first screen, each event once', () => {
    const shown = withFurther(
      [event(1), event(2)],
      [
        [event(2), event(3)],
        [event(4), event(3)],
      ],
    );
    expect(shown.map((e) => e.id)).toEqual([1, 2, 3, 4]);
  });

  it('puts an answer into a list and into further pages, keeping the entry’s own answers list', () => {
    const mine = [
      {
        user: { username: 'mitglied', email: null, company: null },
        status: false,
        guests: 0,
        answeredAt: '2031-06-01T07:00:00.000Z',
      },
    ];
    const updated = event(2, { mySubscription: true, eventSubscriptions: mine, image: 'https://neu' });
    const list = withAnswer([event(1), event(2, { image: 'https://alt' })], updated);
    expect(list.map((e) => e.mySubscription)).toEqual([null, true]);
    expect(list[1]).toMatchObject({ image: 'https://alt', eventSubscriptions: [] });
    const pages = withAnswer({ pages: [[event(1)], [event(2)]], pageParams: ['a', 'b'] }, updated);
    expect(pages.pages[1]?.[0]?.mySubscription).toBe(true);
    expect(pages.pageParams).toEqual(['a', 'b']);
    expect(withAnswer(undefined, updated)).toBeUndefined();
  });
});
