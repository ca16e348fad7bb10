import { describe, expect, it } from 'vitest';
import { initiallyOpened, pageOfRow, readLinkedItem } from './linked-item';

const items = [{ id: 4 }, { id: 7 }, { id: 9 }];

describe('a link to one content item', () => {
  it('reads the item and the table row of a search hit (issue 31)', () => {
    expect(readLinkedItem(new URLSearchParams('item=7&row=41'))).toEqual({ itemId: 7, q: '', row: 41 });
    expect(readLinkedItem(new URLSearchParams('item=7&row=0'))).toEqual({ itemId: 7, q: '', row: 0 });
    expect(readLinkedItem(new URLSearchParams('item=7'))).toEqual({ itemId: 7, q: '', row: null });
  });

  it('still reads the table search of an older link', () => {
    expect(readLinkedItem(new URLSearchParams('item=7&q=FG-1002%20ESG'))).toEqual({
      itemId: 7,
      q: 'FG-1002 ESG',
      row: null,
    });
  });

  it('ignores a missing or malformed item or row', () => {
    expect(readLinkedItem(new URLSearchParams('q=glas'))).toBeNull();
    expect(readLinkedItem(new URLSearchParams('item=abc'))).toBeNull();
    expect(readLinkedItem(new URLSearchParams('item=-1'))).toBeNull();
    for (const row of ['-1', '1.5', 'x', '']) {
      expect(readLinkedItem(new URLSearchParams(`item=7&row=${row}`))?.row).toBeNull();
    }
  });

  it('opens the linked item instead of the first', () => {
    expect(initiallyOpened(items, { itemId: 7, q: '', row: null })).toEqual(['7']);
  });

  it('opens the first item without a link or when the linked one is not on the page', () => {
    expect(initiallyOpened(items, null)).toEqual(['4']);
    expect(initiallyOpened(items, { itemId: 99, q: 'x', row: null })).toEqual(['4']);
    expect(initiallyOpened([], null)).toEqual([]);
  });

  it('finds the page that holds a row', () => {
    expect(pageOfRow(0, 250)).toBe(1);
    expect(pageOfRow(249, 250)).toBe(1);
    expect(pageOfRow(250, 250)).toBe(2);
    expect(pageOfRow(1100, 250)).toBe(5);
  });
});
