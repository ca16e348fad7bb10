/** The media category tree: nesting of the flat rows, siblings by position, then id. */
import type { TMediaCategory } from '@portal/contract';
import type { MediaCategoryRow } from './media.repository.ts';

const bySiblingOrder = (a: MediaCategoryRow, b: MediaCategoryRow) => a.position - b.position || a.id - b.id;

function toNode(row: MediaCategoryRow, children: TMediaCategory[]): TMediaCategory {
  return {
    id: row.id,
    name: row.name,
    level: row.level,
    position: row.position,
    parentId: row.parentId,
    mediaCount: row.mediaCount,
    children,
  };
}

/** The categories nested under `rootId` (null: the whole tree). */
export function buildMediaTree(
  rows: readonly MediaCategoryRow[],
  rootId: number | null = null,
): TMediaCategory[] {
  const children = new Map<number | null, MediaCategoryRow[]>();
  for (const row of rows) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  for (const siblings of children.values()) siblings.sort(bySiblingOrder);
  // depth guard: a cycle cannot be saved, but a damaged table must not hang the request
  const build = (parentId: number | null, depth: number): TMediaCategory[] =>
    depth > 100 ? [] : (children.get(parentId) ?? []).map((row) => toNode(row, build(row.id, depth + 1)));
  return build(rootId, 0);
}

/** One category with its subtree, or undefined. */
export function mediaCategoryWithChildren(
  rows: readonly MediaCategoryRow[],
  id: number,
): TMediaCategory | undefined {
  const row = rows.find((candidate) => candidate.id === id);
  return row ? toNode(row, buildMediaTree(rows, row.id)) : undefined;
}
