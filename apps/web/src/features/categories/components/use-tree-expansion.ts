import type { TContentCategory } from '@portal/contract';
import { useSyncExternalStore } from 'react';
import { createStore } from '../../../lib/external-store';
import { parentIds } from '../lib/tree-transforms';

export interface TreeExpansion {
  expanded: ReadonlySet<number>;
  toggle: (id: number) => void;
  expand: (id: number) => void;
  expandAll: () => void;
  collapseAll: () => void;
}

/** Which nodes are unfolded; the tree loads collapsed (SPEC §2 "Category tree"). */
const expandedStore = createStore<ReadonlySet<number>>(new Set());

/** Unfolds a node, e.g. the parent of a category just created, so that the new node shows. */
export function expandCategory(id: number): void {
  const current = expandedStore.get();
  if (!current.has(id)) expandedStore.set(new Set(current).add(id));
}

function toggleCategory(id: number): void {
  const next = new Set(expandedStore.get());
  if (!next.delete(id)) next.add(id);
  expandedStore.set(next);
}

export function useTreeExpansion(tree: readonly TContentCategory[]): TreeExpansion {
  const expanded = useSyncExternalStore(expandedStore.subscribe, expandedStore.get);
  return {
    expanded,
    toggle: toggleCategory,
    expand: expandCategory,
    expandAll: () => expandedStore.set(new Set(parentIds(tree))),
    collapseAll: () => expandedStore.set(new Set()),
  };
}
