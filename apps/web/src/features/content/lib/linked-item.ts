/**
 * A link into a content page that names one item, as search hits do (issue 16):
 * `/content/<categoryId>?item=<itemId>&q=<text>`. The item opens and comes into view; `q` prefills its
 * table's search, so a table row's hit shows the table filtered to that row.
 */
export interface LinkedItem {
  itemId: number;
  /** The table search to start with ('' for none). */
  q: string;
}

export function readLinkedItem(params: URLSearchParams): LinkedItem | null {
  const itemId = Number(params.get('item'));
  if (!Number.isInteger(itemId) || itemId <= 0) return null;
  return { itemId, q: params.get('q')?.trim() ?? '' };
}

/** The accordion's open items on arrival: the linked item when it is on the page, else the first item. */
export function initiallyOpened(items: readonly { id: number }[], linked: LinkedItem | null): string[] {
  const target = items.find((item) => item.id === linked?.itemId) ?? items[0];
  return target ? [String(target.id)] : [];
}

/** The element id of an item's panel, which the page scrolls to. */
export function itemElementId(itemId: number): string {
  return `eintrag-${itemId}`;
}
