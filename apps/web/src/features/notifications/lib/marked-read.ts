import type { TNotificationItem } from '@portal/contract';
import type { TNotificationPages as TPages } from './notification-pages';

const isMarked = (item: TNotificationItem, ids: readonly number[] | null) =>
  ids === null || ids.includes(item.id);

/** The list's pages with the notifications `ids` (null: all) read, for the moment the server is asked. */
export function markedRead(data: TPages | undefined, ids: readonly number[] | null): TPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => (!item.read && isMarked(item, ids) ? { ...item, read: true } : item)),
    })),
  };
}

/** The bell's count once `ids` (null: all) are read, until the server's answer tells it. */
export function countAfterRead(
  count: number | undefined,
  data: TPages | undefined,
  ids: readonly number[] | null,
): number | undefined {
  if (count === undefined) return undefined;
  if (ids === null) return 0;
  const shown = new Map<number, boolean>();
  for (const page of data?.pages ?? []) for (const item of page.items) shown.set(item.id, item.read);
  const newlyRead = new Set(ids.filter((id) => shown.get(id) === false)).size;
  return Math.max(0, count - newlyRead);
}
