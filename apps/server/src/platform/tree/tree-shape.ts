/** Pure functions over a category tree stored as flat rows (content and media categories alike). */
import type { TTreeNodeInput } from '@portal/contract';

/** Where a row sits: its parent, its depth (roots 1) and its place among its siblings. */
export interface TreePlace {
  id: number;
  parentId: number | null;
  level: number;
  position: number;
}

export interface Placement {
  id: number;
  parentId: number | null;
  position: number;
}

const bySiblingOrder = (a: TreePlace, b: TreePlace) => a.position - b.position || a.id - b.id;

/** The rows nested under `rootId` (null: the whole tree), siblings by position, then id. */
export function nestRows<R extends TreePlace, N>(
  rows: Iterable<R>,
  toNode: (row: R, children: N[]) => N,
  rootId: number | null = null,
): N[] {
  const children = new Map<number | null, R[]>();
  for (const row of rows) {
    const siblings = children.get(row.parentId) ?? [];
    siblings.push(row);
    children.set(row.parentId, siblings);
  }
  for (const siblings of children.values()) siblings.sort(bySiblingOrder);
  // depth guard: a cycle cannot be saved, but a damaged table must not hang the request
  const build = (parentId: number | null, depth: number): N[] =>
    depth > 100 ? [] : (children.get(parentId) ?? []).map((row) => toNode(row, build(row.id, depth + 1)));
  return build(rootId, 0);
}

/**
 * Parent and position of every node of a dragged tree: the nesting gives the parent, the array order the
 * position. Undefined when an id is unknown or appears twice (a tree cannot hold a cycle otherwise).
 */
export function placementsOf(
  nodes: readonly TTreeNodeInput[],
  known: ReadonlySet<number>,
): Placement[] | undefined {
  const placements: Placement[] = [];
  const seen = new Set<number>();
  const walk = (list: readonly TTreeNodeInput[], parentId: number | null): boolean =>
    list.every((node, position) => {
      if (!known.has(node.id) || seen.has(node.id)) return false;
      seen.add(node.id);
      placements.push({ id: node.id, parentId, position });
      return walk(node.children ?? [], node.id);
    });
  return walk(nodes, null) ? placements : undefined;
}

/** The level of every row (roots 1) from its parent; undefined when the parents form a cycle. */
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
