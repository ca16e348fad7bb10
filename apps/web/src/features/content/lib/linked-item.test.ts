import { describe, expect, it } from 'vitest';
import { initiallyOpened, readLinkedItem } from './linked-item';

const items = [{ id: 4 }, { id: 7 }, { id: 9 }];

describe('a link to one content item', () => {
  it('reads the item and the table search of a search hit', () => {
    expect(readLinkedItem(new URLSearchParams('item=7&q=FG-1002%20ESG'))).toEqual({
      itemId: 7,
      q: 'FG-1002 ESG',
    });
    expect(readLinkedItem(new URLSearchParams('item=7'))).toEqual({ itemId: 7, q: '' });
  });

  it('ignores a missing or malformed item', () => {
    expect(readLinkedItem(new URLSearchParams('q=glas'))).toBeNull();
    expect(readLinkedItem(new URLSearchParams('item=abc'))).toBeNull();
    expect(readLinkedItem(new URLSearchParams('item=-1'))).toBeNull();
  });

  it('opens the linked item instead of the first', () => {
    expect(initiallyOpened(items, { itemId: 7, q: '' })).toEqual(['7']);
  });

  it('opens the first item without a link or when the linked one is not on the page', () => {
    expect(initiallyOpened(items, null)).toEqual(['4']);
    expect(initiallyOpened(items, { itemId: 99, q: 'x' })).toEqual(['4']);
    expect(initiallyOpened([], null)).toEqual([]);
  });
});
