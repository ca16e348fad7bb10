import type { TContentCategory } from '@portal/contract';
import { findNode, flattenVisible, parentIds } from './tree-transforms';

export interface ParentOption {
  value: string;
  label: string;
}

/**
 * Options of the 'Übergeordnete Kategorie' select: every category in tree order, indented by level,
 * without the edited category and its subtree (a category cannot lie below itself).
 */
export function parentOptions(tree: readonly TContentCategory[], editedId: number | null): ParentOption[] {
  const excluded = new Set<number>();
  const edited = editedId === null ? undefined : findNode(tree, editedId);
  if (edited) {
    const walk = (node: TContentCategory) => {
      excluded.add(node.id);
      node.children.forEach(walk);
    };
    walk(edited);
  }
  return flattenVisible(tree, new Set(parentIds(tree)))
    .filter((item) => !excluded.has(item.id))
    .map((item) => ({ value: String(item.id), label: `${'\u2003'.repeat(item.depth)}${item.node.name}` }));
}
