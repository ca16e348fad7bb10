import { ZNotificationList } from '@portal/contract';
import { type QueryClient, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/portal';
import { nextBefore, notificationListPath, type TNotificationPages } from '../lib/notification-pages';
import { centreKeys } from './centre-keys';

/**
 * GET /api/notifications, newest first, a page at a time ('Ältere laden'). Every answer carries the unread
 * count: the bell takes it, and its poll waits a full minute from there.
 */
export function useNotifications(userId: number) {
  const client = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: centreKeys.list(userId),
    queryFn: async ({ pageParam, signal }) => {
      const page = await api.get(notificationListPath(pageParam), { schema: ZNotificationList, signal });
      client.setQueryData(centreKeys.count(userId), { unread: page.unread });
      return page;
    },
    initialPageParam: null as number | null,
    getNextPageParam: nextBefore,
    // Opening the list always asks afresh (issue 37 point 5); what was there shows meanwhile.
    refetchOnMount: 'always',
  });
  // Closed, the list keeps its newest page only: opened again it asks for that one, not for every older page.
  useEffect(() => () => keepNewestPage(client, userId), [client, userId]);
  return query;
}

function keepNewestPage(client: QueryClient, userId: number): void {
  client.setQueryData<TNotificationPages>(centreKeys.list(userId), (data) =>
    data && data.pages.length > 1
      ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) }
      : data,
  );
}
