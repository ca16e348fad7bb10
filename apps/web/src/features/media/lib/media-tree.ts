import type { TMediaCategory } from '@portal/contract';

/**
 * The tree with the file count of one category changed by `delta` (a file added, moved or deleted), so that
 * the count in brackets follows without reading the tree again.
 */
export function withFileCount(
  tree: readonly TMediaCategory[],
  categoryId: number,
  delta: number,
): TMediaCategory[] {
  return tree.map((node) =>
    node.id === categoryId
      ? { ...node, mediaCount: Math.max(0, node.mediaCount + delta) }
      : { ...node, children: withFileCount(node.children, categoryId, delta) },
  );
}

/** The `:id` of `/media/:id`: a category id, null on `/media`, 'invalid' for anything else. */
export function categoryIdOf(param: string | undefined): number | null | 'invalid' {
  if (param === undefined) return null;
  if (!/^[1-9]\d{0,15}$/.test(param)) return 'invalid';
  return Number(param);
}
