import { describe, expect, it } from 'vitest';
import { moveItem, orderOf, withPositions } from './move-item';

const items = [
  { id: 7, position: 0 },
  { id: 3, position: 1 },
  { id: 9, position: 2 },
];
const ids = (list: readonly { id: number }[]) => list.map((item) => item.id);

describe('moveItem', () => {
  it('moves an item up and down by one place', () => {
    expect(ids(moveItem(items, 3, 'up'))).toEqual([3, 7, 9]);
    expect(ids(moveItem(items, 3, 'down'))).toEqual([7, 9, 3]);
  });

  it('keeps the order at the ends and for unknown items', () => {
    expect(ids(moveItem(items, 7, 'up'))).toEqual([7, 3, 9]);
    expect(ids(moveItem(items, 9, 'down'))).toEqual([7, 3, 9]);
    expect(ids(moveItem(items, 1, 'up'))).toEqual([7, 3, 9]);
  });

  it('does not change the given list', () => {
    moveItem(items, 3, 'up');
    expect(ids(items)).toEqual([7, 3, 9]);
  });
});

describe('orderOf and withPositions', () => {
  it('numbers the items in list order', () => {
    const moved = moveItem(items, 9, 'up');
    expect(orderOf(moved)).toEqual([
      { id: 7, position: 0 },
      { id: 9, position: 1 },
      { id: 3, position: 2 },
    ]);
    expect(withPositions(moved).map((item) => item.position)).toEqual([0, 1, 2]);
  });
});
