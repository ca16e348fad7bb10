/** Pure functions over the category tree: visibility through ancestors, nesting, levels, drag results. */
import type { TCategoryTreeNodeInput, TCategoryType, TContentCategory, TParentName } from '@portal/contract';
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

const bySiblingOrder = (a: CategoryRow, b: CategoryRow) => a.position - b.position || a.id - b.id;

function childrenOf(visible: ReadonlyMap<number, CategoryRow>): Map<number | null, CategoryRow[]> {
  const children = new Map<number | null, CategoryRow[]>();
  for (const row of visible.values()) {
    const siblings = children.get(row.parentId) ?? [];
    siblings.push(row);
    children.set(row.parentId, siblings);
  }
  for (const siblings of children.values()) siblings.sort(bySiblingOrder);
  return children;
}

/** The ancestors of a visible category, root first. */
export function parentNamesOf(row: CategoryRow, visible: ReadonlyMap<number, CategoryRow>): TParentName[] {
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
  const children = childrenOf(visible);
  const build = (parentId: number | null, depth: number): TContentCategory[] =>
    depth > 100
      ? []
      : (children.get(parentId) ?? []).map((row) => toCategory(row, visible, build(row.id, depth + 1)));
  return build(rootId, 0);
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

export interface Placement {
  id: number;
  parentId: number | null;
  position: number;
}

/**
 * Parent and position of every node of a dragged tree: the nesting gives the parent, the array order the
 * position. Undefined when an id is unknown or appears twice (a tree cannot hold a cycle otherwise).
 */
export function placementsOf(
  nodes: readonly TCategoryTreeNodeInput[],
  known: ReadonlySet<number>,
): Placement[] | undefined {
  const placements: Placement[] = [];
  const seen = new Set<number>();
  const walk = (list: readonly TCategoryTreeNodeInput[], parentId: number | null): boolean =>
    list.every((node, position) => {
      if (!known.has(node.id) || seen.has(node.id)) return false;
      seen.add(node.id);
      placements.push({ id: node.id, parentId, position });
      return walk(node.children ?? [], node.id);
    });
  return walk(nodes, null) ? placements : undefined;
}

/** The level of every category (roots 1) from its parent; undefined when the parents form a cycle. */
export function levelsOf(
  rows: readonly { id: number; parentId: number | null }[],
): Map<number, number> | undefined {
  const parents = new Map(rows.map((row) => [row.id, row.parentId]));
  const levels = new Map<number, number>();
  for (const row of rows) {
    const path: number[] = [];
    let id: number | null = row.id;
    let base = 0;
    while (id !== null) {
      const known = levels.get(id);
      if (known !== undefined) {
        base = known;
        break;
      }
      if (path.includes(id)) return undefined;
      path.push(id);
      id = parents.get(id) ?? null;
    }
    path.reverse().forEach((step, index) => {
      levels.set(step, base + index + 1);
    });
  }
  return levels;
}
