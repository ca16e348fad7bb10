import { EVENT_LIST_PAGE_SIZE, eventCursor, type TEvent } from '@portal/contract';

/** What a list of events is in the query cache: an array, or the listing's further pages of a section. */
export type CachedEvents = TEvent[] | { pages: TEvent[][]; pageParams: unknown[] };

/** The cursor of the page after `page`, when it was full (a shorter page is the section's last). */
export function nextPageAfter(
  page: readonly TEvent[],
  size: number = EVENT_LIST_PAGE_SIZE,
): string | undefined {
  const last = page.at(-1);
  return page.length >= size && last ? eventCursor(last) : undefined;
}

/** The section's first-screen events and then its further pages, each event once. */
export function withFurther(first: readonly TEvent[], pages: readonly (readonly TEvent[])[]): TEvent[] {
  const seen = new Set(first.map((event) => event.id));
  const further = pages.flat().filter((event) => !seen.has(event.id) && seen.add(event.id));
  return [...first, ...further];
}

/**
 * `updated` (the answer's event) in place of its entry wherever `data` holds it, the entry's own
 * `eventSubscriptions` and picture address kept (a list carries only the caller's own answer).
 */
export function withAnswer<T extends CachedEvents | undefined>(data: T, updated: TEvent): T {
  const answered = (list: TEvent[]) =>
    list.map((entry) =>
      entry.id === updated.id
        ? { ...updated, eventSubscriptions: entry.eventSubscriptions, image: entry.image }
        : entry,
    );
  if (Array.isArray(data)) return answered(data) as T;
  if (data && 'pages' in data) return { ...data, pages: data.pages.map(answered) } as T;
  return data;
}
