import { NOTIFICATION_CENTRE_API, type TNotificationCount, ZNotificationCount } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/portal';
import { startCountPoll } from '../lib/count-poll';
import { centreKeys } from './centre-keys';

/**
 * GET /api/notifications/count, the bell's poll: silent and without the global spinner, since it runs in the
 * background every minute (a failure waits for the next turn rather than showing a red banner).
 */
function fetchCount({ signal }: { signal: AbortSignal }): Promise<TNotificationCount> {
  return api.get(NOTIFICATION_CENTRE_API.count, {
    schema: ZNotificationCount,
    signal,
    silent: true,
    hideSpinner: true,
  });
}

/**
 * The member's unread notifications for the bell (issue 37 point 5), kept fresh by `startCountPoll`: the
 * only one asking, so the query itself never fetches (no refetch on mount, focus or reconnect).
 */
export function useNotificationCount(userId: number): number | null {
  const client = useQueryClient();
  useEffect(
    () => startCountPoll({ client, queryKey: centreKeys.count(userId), queryFn: fetchCount }),
    [client, userId],
  );
  const { data } = useQuery({
    queryKey: centreKeys.count(userId),
    queryFn: fetchCount,
    enabled: false,
    gcTime: Number.POSITIVE_INFINITY,
  });
  return data?.unread ?? null;
}
