import type { TNotificationItem, TNotificationList } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { bellBadge, bellName } from './bell-badge';
import { countAfterRead, markedRead } from './marked-read';
import {
  nextBefore,
  notificationItems,
  notificationListPath,
  type TNotificationPages,
} from './notification-pages';
import { notificationTime } from './notification-time';

function item(id: number, read = false): TNotificationItem {
  return {
    id,
    kind: 'mention',
    createdAt: '2027-03-01T10:00:00.000Z',
    read,
    actor: { id: 3, username: 'erika', name: 'Erika Muster' },
    text: `Erika Muster hat Sie erwähnt (${id}).`,
    link: `/forum/1/thread/2?post=${id}`,
  };
}

function page(items: TNotificationItem[], hasMore: boolean, unread = 0): TNotificationList {
  return { unread, items, hasMore };
}

function pages(...list: TNotificationList[]): TNotificationPages {
  return { pages: list, pageParams: list.map((_page, index) => (index === 0 ? null : index)) };
}

describe('the bell', () => {
  it('shows no badge at 0 or before the count is known, the number up to 99, then 99+', () => {
    expect([null, 0, 1, 42, 99, 100, 2500].map(bellBadge)).toEqual([
      null,
      null,
      '1',
      '42',
      '99',
      '99+',
      '99+',
    ]);
  });

  it('is named with the unread count for screen readers, also above 99', () => {
    expect(bellName(null)).toBe('Benachrichtigungen');
    expect(bellName(0)).toBe('Benachrichtigungen');
    expect(bellName(3)).toBe('Benachrichtigungen, 3 ungelesen');
    expect(bellName(150)).toBe('Benachrichtigungen, 150 ungelesen');
  });
});

describe('the list pages', () => {
  it('asks for the newest page, then for the one before the oldest shown while there are more', () => {
    expect(notificationListPath(null)).toBe('/api/notifications');
    expect(notificationListPath(41)).toBe('/api/notifications?before=41');
    expect(nextBefore(page([item(50), item(45), item(41)], true))).toBe(41);
    expect(nextBefore(page([item(50), item(45)], false))).toBeNull();
    expect(nextBefore(page([], true))).toBeNull();
  });

  it('shows a notification once when a new one pushed it onto the next page too', () => {
    const data = pages(page([item(9), item(8)], true), page([item(8), item(7)], false));
    expect(notificationItems(data).map((shown) => shown.id)).toEqual([9, 8, 7]);
    expect(notificationItems(undefined)).toEqual([]);
  });
});

describe('marking read', () => {
  const data = pages(page([item(9), item(8, true)], true, 3), page([item(7)], false, 3));

  it('marks the clicked one read at once and lowers the count by the unread ones among them', () => {
    const after = markedRead(data, [7]);
    expect(notificationItems(after).map((shown) => [shown.id, shown.read])).toEqual([
      [9, false],
      [8, true],
      [7, true],
    ]);
    expect(countAfterRead(3, data, [7])).toBe(2);
    // already read, or not on the pages shown: the server's answer tells
    expect(countAfterRead(3, data, [8])).toBe(3);
    expect(countAfterRead(3, data, [100])).toBe(3);
    expect(countAfterRead(undefined, data, [7])).toBeUndefined();
  });

  it("'Alle als gelesen markieren' marks every one read and the count goes", () => {
    expect(notificationItems(markedRead(data, null)).every((shown) => shown.read)).toBe(true);
    expect(countAfterRead(3, data, null)).toBe(0);
    expect(markedRead(undefined, null)).toBeUndefined();
  });
});

describe('the time of a notification', () => {
  const createdAt = '2027-03-01T10:00:00.000Z';
  const at = Date.parse(createdAt);

  it('says how long ago within a day', () => {
    expect(notificationTime(createdAt, at + 20_000)).toBe('gerade eben');
    expect(notificationTime(createdAt, at + 60_000)).toBe('vor 1 Minute');
    expect(notificationTime(createdAt, at + 59 * 60_000)).toBe('vor 59 Minuten');
    expect(notificationTime(createdAt, at + 60 * 60_000)).toBe('vor 1 Stunde');
    expect(notificationTime(createdAt, at + 23 * 60 * 60_000)).toBe('vor 23 Stunden');
  });

  it('gives the date and the time in Berlin after a day', () => {
    expect(notificationTime(createdAt, at + 24 * 60 * 60_000)).toBe('01.03.2027, 11:00 Uhr');
    expect(notificationTime('2027-07-01T22:30:00.000Z', Date.parse('2027-07-05T00:00:00Z'))).toBe(
      '02.07.2027, 00:30 Uhr',
    );
  });
});
