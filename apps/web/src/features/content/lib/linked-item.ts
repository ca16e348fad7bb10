/**
 * A link into a content page that names one item, as search hits do (issue 16):
 * `/content/<categoryId>?item=<itemId>&row=<row>`. The item opens and comes into view; `row` (0-based data
 * row, issue 31) opens its table at the page that holds the row, the row highlighted. Older links carry
 * `q=<text>` instead, which prefills the table's search.
 */
export interface LinkedItem {
  itemId: number;
  /** The table search to start with ('' for none). */
  q: string;
  /** The table row to open at and highlight, or null. */
  row: number | null;
}

function wholeNumber(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : null;
}

export function readLinkedItem(params: URLSearchParams): LinkedItem | null {
  const itemId = Number(params.get('item'));
  if (!Number.isInteger(itemId) || itemId <= 0) return null;
  return { itemId, q: params.get('q')?.trim() ?? '', row: wholeNumber(params.get('row')) };
}

/** The accordion's open items on arrival: the linked item when it is on the page, else the first item. */
export function initiallyOpened(items: readonly { id: number }[], linked: LinkedItem | null): string[] {
  const target = items.find((item) => item.id === linked?.itemId) ?? items[0];
  return target ? [String(target.id)] : [];
}

/** The table page (1-based) that holds a row at this page size. */
export function pageOfRow(row: number, pageSize: number): number {
  return Math.floor(row / pageSize) + 1;
}

/** The element id of an item's panel, which the page scrolls to. */
export function itemElementId(itemId: number): string {
  return `eintrag-${itemId}`;
}
