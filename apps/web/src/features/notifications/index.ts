/**
 * What other parts of the app use from the notifications feature: the bell in the top bar with its list
 * (issue 37), and the settings screen (issue 17).
 */
export { LazyNotificationBell } from './components/lazy-notification-bell';

/** The notification settings screen (issue 17), loaded on first visit (its own chunk). */
export const loadNotificationSettingsPage = async () =>
  (await import('./notification-settings-page')).NotificationSettingsPage;
