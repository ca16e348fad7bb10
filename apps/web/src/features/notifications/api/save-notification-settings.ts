import { NOTIFICATIONS_API, type TNotificationSettings, ZNotificationSettings } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { notificationKeys } from './get-notification-settings';

/** PUT /api/account/notifications with every field (issue 37: `mentions` too); answers the settings as saved. */
function saveNotificationSettings(settings: TNotificationSettings) {
  return api.put(NOTIFICATIONS_API.settings, settings, { schema: ZNotificationSettings });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.settings, saved),
  });
}
