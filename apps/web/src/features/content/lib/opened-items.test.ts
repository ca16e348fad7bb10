import { describe, expect, it } from 'vitest';
import { idsOf, openedWithNew } from './opened-items';

describe('opened content items', () => {
  it('opens an item that was not in the list before', () => {
    expect(openedWithNew(['1'], idsOf([{ id: 1 }, { id: 2 }]), [{ id: 1 }, { id: 2 }, { id: 9 }])).toEqual([
      '1',
      '9',
    ]);
  });

  it('keeps the open items as they are when nothing is new', () => {
    expect(openedWithNew(['2'], idsOf([{ id: 1 }, { id: 2 }]), [{ id: 2 }, { id: 1 }])).toEqual(['2']);
  });

  it('does not list an item twice', () => {
    expect(openedWithNew(['9'], idsOf([]), [{ id: 9 }])).toEqual(['9']);
  });
});
