/** Pure functions over the content category tree: visibility through ancestors, nesting, quick access. */
import type { TCategoryType, TContentCategory, TParentName } from '@portal/contract';
import { nestRows } from '../../platform/tree/tree-shape.ts';
import type { CategoryRow } from './categories.repository.ts';

/**
 * A category is visible when its own groups meet the user's and its parent is visible: a hidden category
 * hides its whole subtree, and no name of a hidden ancestor can reach a user through `parentNames`.
 */
export function visibleCategories(ownVisible: readonly CategoryRow[]): Map<number, CategoryRow> {
  const own = new Map(ownVisible.map((row) => [row.id, row]));
  const verdict = new Map<number, boolean>();
  const isVisible = (row: CategoryRow): boolean => {
    const path: CategoryRow[] = [];
    let current: CategoryRow | undefined = row;
    let result = true;
    while (current) {
      const known = verdict.get(current.id);
      if (known !== undefined) {
        result = known;
        break;
      }
      if (path.includes(current)) {
        result = false; // a cycle cannot be saved; should one exist, hide it
        break;
      }
      path.push(current);
      if (current.parentId === null) break;
      current = own.get(current.parentId);
      if (!current) result = false;
    }
    for (const step of path) verdict.set(step.id, result);
    return result;
  };
  return new Map(ownVisible.filter(isVisible).map((row) => [row.id, row]));
}

/** The ancestors of a visible category, root first. */
function parentNamesOf(row: CategoryRow, visible: ReadonlyMap<number, CategoryRow>): TParentName[] {
  const names: TParentName[] = [];
  let parent = row.parentId === null ? undefined : visible.get(row.parentId);
  while (parent && names.length < 100) {
    names.unshift({ id: parent.id, name: parent.name });
    parent = parent.parentId === null ? undefined : visible.get(parent.parentId);
  }
  return names;
}

function toCategory(
  row: CategoryRow,
  visible: ReadonlyMap<number, CategoryRow>,
  children: TContentCategory[],
): TContentCategory {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type as TCategoryType,
    url: row.url,
    visibleForUserGroups: row.groupIds,
    showInQuickAccess: row.showInQuickAccess,
    level: row.level,
    position: row.position,
    parentId: row.parentId,
    parentNames: parentNamesOf(row, visible),
    children,
  };
}

/** The visible categories nested under `rootId` (null: the whole tree), siblings by position, then id. */
export function buildTree(
  visible: ReadonlyMap<number, CategoryRow>,
  rootId: number | null = null,
): TContentCategory[] {
  return nestRows(
    visible.values(),
    (row, children: TContentCategory[]) => toCategory(row, visible, children),
    rootId,
  );
}

export function categoryWithChildren(
  row: CategoryRow,
  visible: ReadonlyMap<number, CategoryRow>,
): TContentCategory {
  return toCategory(row, visible, buildTree(visible, row.id));
}

/** Categories flagged for quick access, in the order of the drawer tree, without their children. */
export function quickAccessOf(visible: ReadonlyMap<number, CategoryRow>): TContentCategory[] {
  const flat: TContentCategory[] = [];
  const walk = (nodes: TContentCategory[]) => {
    for (const node of nodes) {
      if (node.showInQuickAccess) flat.push({ ...node, children: [] });
      walk(node.children);
    }
  };
  walk(buildTree(visible));
  return flat;
}
