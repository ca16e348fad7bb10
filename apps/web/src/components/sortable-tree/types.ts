import type { ReactNode } from 'react';
import type { TreeItem } from '../../lib/tree-transforms';

/** A tree node with a name (content and media categories). */
export interface NamedTreeItem<T> extends TreeItem<T> {
  name: string;
}

/** What every tree view needs: the nodes, which are unfolded, and how a node's name shows. */
export interface TreeViewProps<T extends NamedTreeItem<T>> {
  tree: readonly T[];
  expanded: ReadonlySet<number>;
  onToggle: (id: number) => void;
  /** Whether the node is the page being shown (highlighted; its label usually not a link). */
  isActive: (node: T) => boolean;
  /** The node's name as a link or as text; give it the `treeLabelClass`. */
  renderLabel: (node: T, active: boolean) => ReactNode;
}
