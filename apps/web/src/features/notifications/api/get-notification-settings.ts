import { NOTIFICATIONS_API, ZNotificationSettings } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/portal';

export const notificationKeys = {
  settings: ['notifications', 'settings'] as const,
};

/** GET /api/account/notifications: the member's choice of reply mails and digest (issue 17). */
function notificationSettingsQuery() {
  return queryOptions({
    queryKey: notificationKeys.settings,
    queryFn: ({ signal }) => api.get(NOTIFICATIONS_API.settings, { schema: ZNotificationSettings, signal }),
  });
}

export function useNotificationSettings() {
  return useQuery(notificationSettingsQuery());
}
