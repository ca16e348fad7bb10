import { NOTIFICATION_CENTRE_API, type TNotificationItem, type TNotificationList } from '@portal/contract';
import type { InfiniteData } from '@tanstack/react-query';

/** The list as the query keeps it: its pages, each asked for before the id of the page before's last. */
export type TNotificationPages = InfiniteData<TNotificationList, number | null>;

/** The list's address: the newest page, or (`before`) the page after the notification of that id. */
export function notificationListPath(before: number | null): string {
  return before === null ? NOTIFICATION_CENTRE_API.list : `${NOTIFICATION_CENTRE_API.list}?before=${before}`;
}

/** What the next page continues before: the oldest notification shown, while the server has more. */
export function nextBefore(page: TNotificationList): number | null {
  return page.hasMore ? (page.items.at(-1)?.id ?? null) : null;
}

/** The notifications shown, page after page; an id twice (a notification that came between) once. */
export function notificationItems(
  data: { pages: readonly TNotificationList[] } | undefined,
): TNotificationItem[] {
  const seen = new Set<number>();
  const items: TNotificationItem[] = [];
  for (const page of data?.pages ?? [])
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  return items;
}
