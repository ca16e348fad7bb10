import { NOTIFICATION_CENTRE_API, type TNotificationCount, ZNotificationCount } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { countAfterRead, markedRead } from '../lib/marked-read';
import type { TNotificationPages } from '../lib/notification-pages';
import { centreKeys } from './centre-keys';

/**
 * POST /api/notifications/read: `ids` those notifications, none for all ('Alle als gelesen markieren'). The
 * list shows them read at once; the bell takes the server's count from the answer.
 */
export function useMarkNotificationsRead(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[] | null) =>
      api.post(NOTIFICATION_CENTRE_API.read, ids ? { ids } : {}, { schema: ZNotificationCount }),
    onMutate: (ids) => {
      const list = client.getQueryData<TNotificationPages>(centreKeys.list(userId));
      const count = client.getQueryData<TNotificationCount>(centreKeys.count(userId));
      const unread = countAfterRead(count?.unread, list, ids);
      if (unread !== undefined) client.setQueryData(centreKeys.count(userId), { unread });
      client.setQueryData(centreKeys.list(userId), markedRead(list, ids));
    },
    onSuccess: (count) => client.setQueryData(centreKeys.count(userId), count),
  });
}
