/** The notification settings screen (issue 17), loaded on first visit (its own chunk). */
export const loadNotificationSettingsPage = async () =>
  (await import('./notification-settings-page')).NotificationSettingsPage;
