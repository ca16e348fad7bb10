/**
 * Pure operations on a category tree (content and media categories) for tree views and their drag and drop
 * (the approach of dnd-kit's sortable tree: the visible nodes form one flat list; the horizontal drag offset
 * chooses the depth).
 */
export interface TreeItem<T> {
  id: number;
  parentId: number | null;
  level: number;
  position: number;
  children: T[];
}

export interface FlatNode<T> {
  id: number;
  parentId: number | null;
  /** 0 for root nodes. */
  depth: number;
  hasChildren: boolean;
  expanded: boolean;
  node: T;
}

/** The nodes a reader sees, in order: children only under expanded nodes (and never under `hideChildrenOf`). */
export function flattenVisible<T extends TreeItem<T>>(
  tree: readonly T[],
  expanded: ReadonlySet<number>,
  hideChildrenOf: number | null = null,
): FlatNode<T>[] {
  const result: FlatNode<T>[] = [];
  const walk = (nodes: readonly T[], parentId: number | null, depth: number) => {
    for (const node of nodes) {
      const hasChildren = node.children.length > 0;
      const open = hasChildren && expanded.has(node.id);
      result.push({ id: node.id, parentId, depth, hasChildren, expanded: open, node });
      if (open && node.id !== hideChildrenOf) walk(node.children, node.id, depth + 1);
    }
  };
  walk(tree, null, 0);
  return result;
}

/** Ids of every node with children ('Alle ausklappen'). */
export function parentIds<T extends TreeItem<T>>(tree: readonly T[]): number[] {
  const ids: number[] = [];
  const walk = (nodes: readonly T[]) => {
    for (const node of nodes) {
      if (node.children.length > 0) {
        ids.push(node.id);
        walk(node.children);
      }
    }
  };
  walk(tree);
  return ids;
}

export function findNode<T extends TreeItem<T>>(tree: readonly T[], id: number): T | undefined {
  for (const node of tree) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}

function arrayMove<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

export interface Projection {
  depth: number;
  parentId: number | null;
}

/**
 * Where the dragged node would land: over `overId` in the visible list, `offsetX` pixels right of where it
 * started (one `indent` per level). `items` must not contain the dragged node's descendants.
 */
export function projectDrop<T>(
  items: readonly FlatNode<T>[],
  activeId: number,
  overId: number,
  offsetX: number,
  indent: number,
): Projection | null {
  const activeIndex = items.findIndex((item) => item.id === activeId);
  const overIndex = items.findIndex((item) => item.id === overId);
  const active = items[activeIndex];
  if (!active || overIndex < 0) return null;
  const moved = arrayMove(items, activeIndex, overIndex);
  const previous = moved[overIndex - 1];
  const next = moved[overIndex + 1];
  const wanted = active.depth + Math.round(offsetX / indent);
  const maxDepth = previous ? previous.depth + 1 : 0;
  const minDepth = next ? next.depth : 0;
  const depth = Math.min(Math.max(wanted, minDepth), maxDepth);
  return { depth, parentId: parentAt(moved, overIndex, depth) };
}

function parentAt<T>(moved: readonly FlatNode<T>[], index: number, depth: number): number | null {
  const previous = moved[index - 1];
  if (depth === 0 || !previous) return null;
  if (depth === previous.depth) return previous.parentId;
  if (depth > previous.depth) return previous.id;
  for (let i = index - 1; i >= 0; i -= 1) {
    const item = moved[i];
    if (item?.depth === depth) return item.parentId;
  }
  return null;
}

export interface DropTarget {
  parentId: number | null;
  /** The sibling the node goes after; null: first child of the parent. */
  afterId: number | null;
}

/** Turns a projection over the visible list into a place in the whole tree (collapsed children included). */
export function dropTarget<T>(
  items: readonly FlatNode<T>[],
  activeId: number,
  overId: number,
  projection: Projection,
): DropTarget | null {
  const activeIndex = items.findIndex((item) => item.id === activeId);
  const overIndex = items.findIndex((item) => item.id === overId);
  if (activeIndex < 0 || overIndex < 0) return null;
  const moved = arrayMove(items, activeIndex, overIndex);
  for (let i = overIndex - 1; i >= 0; i -= 1) {
    const item = moved[i];
    if (!item || item.depth < projection.depth) break;
    if (item.depth === projection.depth) {
      return {
        parentId: projection.parentId,
        afterId: item.parentId === projection.parentId ? item.id : null,
      };
    }
  }
  return { parentId: projection.parentId, afterId: null };
}

/**
 * The tree with node `id` (and its subtree) moved under `parentId` after `afterId`; parent ids, levels and
 * positions are renumbered. Returns the tree unchanged when the move is impossible (into its own subtree).
 */
export function moveNode<T extends TreeItem<T>>(tree: readonly T[], id: number, target: DropTarget): T[] {
  const moving = findNode(tree, id);
  if (!moving) return [...tree];
  if (target.parentId !== null && (target.parentId === id || findNode(moving.children, target.parentId))) {
    return [...tree];
  }
  const without = removeNode(tree, id);
  const insert = (siblings: readonly T[]): T[] => {
    const after = target.afterId === null ? -1 : siblings.findIndex((node) => node.id === target.afterId);
    // An unknown sibling puts the node last rather than first.
    const at = target.afterId !== null && after < 0 ? siblings.length : after + 1;
    return [...siblings.slice(0, at), moving, ...siblings.slice(at)];
  };
  const placed =
    target.parentId === null
      ? insert(without)
      : mapNodes(without, (node) =>
          node.id === target.parentId ? { ...node, children: insert(node.children) } : node,
        );
  return renumber(placed, null, 1);
}

function removeNode<T extends TreeItem<T>>(nodes: readonly T[], id: number): T[] {
  return nodes
    .filter((node) => node.id !== id)
    .map((node) =>
      findNode(node.children, id) ? { ...node, children: removeNode(node.children, id) } : node,
    );
}

function mapNodes<T extends TreeItem<T>>(nodes: readonly T[], map: (node: T) => T): T[] {
  return nodes.map((node) => {
    const mapped = map(node);
    return { ...mapped, children: mapNodes(mapped.children, map) };
  });
}

function renumber<T extends TreeItem<T>>(nodes: readonly T[], parentId: number | null, level: number): T[] {
  return nodes.map((node, position) => ({
    ...node,
    parentId,
    level,
    position,
    children: renumber(node.children, node.id, level + 1),
  }));
}

export interface SaveTreeNode {
  id: number;
  children: SaveTreeNode[];
}

/** The body of a `saveTree/` call (content and media categories): ids nested as in the tree, in order. */
export function toSaveNodes<T extends TreeItem<T>>(tree: readonly T[]): SaveTreeNode[] {
  return tree.map((node) => ({ id: node.id, children: toSaveNodes(node.children) }));
}

/** The ids of the ancestors of node `id`, root first; empty for a root node or an unknown id. */
export function ancestorIds<T extends TreeItem<T>>(tree: readonly T[], id: number): number[] {
  for (const node of tree) {
    if (findNode(node.children, id)) return [node.id, ...ancestorIds(node.children, id)];
  }
  return [];
}

export interface TreeOption {
  value: string;
  label: string;
}

/**
 * Options of a category select ('Übergeordnete Kategorie', 'Kategorie'): every node in tree order, indented
 * by level, without `excludedId` and its subtree (a category cannot lie below itself).
 */
export function treeOptions<T extends TreeItem<T> & { name: string }>(
  tree: readonly T[],
  excludedId: number | null,
): TreeOption[] {
  const excluded = new Set<number>();
  const walk = (node: T) => {
    excluded.add(node.id);
    node.children.forEach(walk);
  };
  const edited = excludedId === null ? undefined : findNode(tree, excludedId);
  if (edited) walk(edited);
  return flattenVisible(tree, new Set(parentIds(tree)))
    .filter((item) => !excluded.has(item.id))
    .map((item) => ({ value: String(item.id), label: `${'\u2003'.repeat(item.depth)}${item.node.name}` }));
}

export function sameShape<T extends TreeItem<T>>(a: readonly T[], b: readonly T[]): boolean {
  return JSON.stringify(toSaveNodes(a)) === JSON.stringify(toSaveNodes(b));
}
