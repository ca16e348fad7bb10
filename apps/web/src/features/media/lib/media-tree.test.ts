import type { TMediaCategory } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { categoryIdOf, withFileCount } from './media-tree';

function category(id: number, mediaCount: number, children: TMediaCategory[] = []): TMediaCategory {
  return { id, name: `K${id}`, level: 1, position: 0, parentId: null, mediaCount, children };
}

describe('withFileCount', () => {
  const tree = [category(1, 2, [category(2, 0), category(3, 5)]), category(4, 1)];

  it('changes the count of a nested category only', () => {
    const next = withFileCount(tree, 2, 1);
    expect(next[0]?.children[0]?.mediaCount).toBe(1);
    expect(next[0]?.mediaCount).toBe(2);
    expect(next[1]?.mediaCount).toBe(1);
    expect(tree[0]?.children[0]?.mediaCount).toBe(0);
  });

  it('never counts below zero', () => {
    expect(withFileCount(tree, 4, -3)[1]?.mediaCount).toBe(0);
  });
});

describe('categoryIdOf', () => {
  it('reads the route parameter', () => {
    expect(categoryIdOf(undefined)).toBeNull();
    expect(categoryIdOf('12')).toBe(12);
    expect(categoryIdOf('0')).toBe('invalid');
    expect(categoryIdOf('12abc')).toBe('invalid');
    expect(categoryIdOf('-3')).toBe('invalid');
  });
});
