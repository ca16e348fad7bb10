/**
 * The accordion keeps the ids of its open items as strings. A content item that appears in the list after
 * the page has loaded was just saved by this admin; it opens, so that they see what they wrote (issue 14).
 */
export function openedWithNew(
  opened: readonly string[],
  known: ReadonlySet<number>,
  items: readonly { id: number }[],
): string[] {
  const added = items.filter((item) => !known.has(item.id)).map((item) => String(item.id));
  return added.length === 0 ? [...opened] : [...opened, ...added.filter((id) => !opened.includes(id))];
}

export function idsOf(items: readonly { id: number }[]): Set<number> {
  return new Set(items.map((item) => item.id));
}
