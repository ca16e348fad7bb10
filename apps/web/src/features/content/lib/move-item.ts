/** Moving a content item one place up or down (SPEC §4: the list reorders at once). */
export type MoveDirection = 'up' | 'down';

/** The list with item `id` swapped with its neighbour; the same list when it cannot move that way. */
export function moveItem<T extends { id: number }>(
  items: readonly T[],
  id: number,
  direction: MoveDirection,
): T[] {
  const from = items.findIndex((item) => item.id === id);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/** The body of POST /api/content/saveTree/: the items in their new order with positions 0, 1, …. */
export function orderOf(items: readonly { id: number }[]): { id: number; position: number }[] {
  return items.map((item, position) => ({ id: item.id, position }));
}

/** The items with the positions of their place in the list. */
export function withPositions<T extends { id: number; position: number }>(items: readonly T[]): T[] {
  return items.map((item, position) => (item.position === position ? item : { ...item, position }));
}
