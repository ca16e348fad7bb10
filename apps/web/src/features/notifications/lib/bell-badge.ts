import { NOTIFICATION_CENTRE_LABELS } from '@portal/contract';

/** The most the badge writes out; more shows as '99+' (the bell's name keeps the number). */
const BADGE_MAX = 99;

/** The badge on the bell: none at 0 (or before the count is known), the number, or '99+'. */
export function bellBadge(unread: number | null): string | null {
  if (unread === null || unread <= 0) return null;
  return unread > BADGE_MAX ? `${BADGE_MAX}+` : String(unread);
}

/** The bell's name for screen readers: 'Benachrichtigungen', with unread ones 'Benachrichtigungen, 3 ungelesen'. */
export function bellName(unread: number | null): string {
  return unread !== null && unread > 0
    ? NOTIFICATION_CENTRE_LABELS.bellUnread(unread)
    : NOTIFICATION_CENTRE_LABELS.bell;
}
