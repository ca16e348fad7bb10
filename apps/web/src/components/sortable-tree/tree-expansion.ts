import { useSyncExternalStore } from 'react';
import { createStore } from '../../lib/external-store';
import { parentIds, type TreeItem } from '../../lib/tree-transforms';

interface TreeExpansion {
  expanded: ReadonlySet<number>;
  toggle: (id: number) => void;
  expand: (id: number) => void;
  expandAll: () => void;
  collapseAll: () => void;
}

export interface TreeExpansionStore {
  /** Unfolds nodes, e.g. the parent of a category just created, so that the new node shows. */
  expand: (...ids: number[]) => void;
  useExpansion: <T extends TreeItem<T>>(tree: readonly T[]) => TreeExpansion;
}

/**
 * Which nodes of one tree are unfolded. A store outside React, so that the state outlives the tree view
 * (navigation, forms that unfold the parent of what they saved); trees start collapsed.
 */
export function createTreeExpansion(): TreeExpansionStore {
  const store = createStore<ReadonlySet<number>>(new Set());
  const expand = (...ids: number[]) => {
    const current = store.get();
    if (ids.every((id) => current.has(id))) return;
    store.set(new Set([...current, ...ids]));
  };
  const toggle = (id: number) => {
    const next = new Set(store.get());
    if (!next.delete(id)) next.add(id);
    store.set(next);
  };
  return {
    expand,
    useExpansion(tree) {
      const expanded = useSyncExternalStore(store.subscribe, store.get);
      return {
        expanded,
        toggle,
        expand,
        expandAll: () => store.set(new Set(parentIds(tree))),
        collapseAll: () => store.set(new Set()),
      };
    },
  };
}
