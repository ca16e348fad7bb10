/** The media category tree: nesting of the flat rows, siblings by position, then id. */
import type { TMediaCategory } from '@portal/contract';
import { nestRows } from '../../platform/tree/tree-shape.ts';
import type { MediaCategoryRow } from './media.repository.ts';

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
  return nestRows(rows, toNode, rootId);
}

/** One category with its subtree, or undefined. */
export function mediaCategoryWithChildren(
  rows: readonly MediaCategoryRow[],
  id: number,
): TMediaCategory | undefined {
  const row = rows.find((candidate) => candidate.id === id);
  return row ? toNode(row, buildMediaTree(rows, row.id)) : undefined;
}
