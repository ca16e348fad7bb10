import { z } from 'zod';
import { formBoolean } from './form.ts';

/** Notification settings and the one-click unsubscribe of issue 17. */
export const NOTIFICATIONS_API = {
  /** GET and PUT the session member's settings (every logged-in role). */
  settings: '/api/account/notifications',
  /**
   * The address in a mail's List-Unsubscribe header (RFC 8058), `?token=…`, public: GET shows a German page
   * with a button, POST (`List-Unsubscribe=One-Click`) turns that kind of mail off.
   */
  unsubscribe: '/api/notifications/unsubscribe',
} as const;

/** How often a member gets the digest of what is new for them. */
export const DIGEST_FREQUENCIES = ['never', 'daily', 'weekly'] as const;
export type TDigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
const FREQUENCY_NAMES: readonly string[] = DIGEST_FREQUENCIES;
export const isDigestFrequency = (value: string): value is TDigestFrequency =>
  FREQUENCY_NAMES.includes(value);

/**
 * The kinds of mail a member can turn off; breaking news (Eilmeldung) is not one of them. `mentions` (issue 37):
 * the mail when someone mentions the member in a forum post.
 */
const NOTIFICATION_KINDS = ['forumReplies', 'digest', 'mentions'] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];
const KIND_NAMES: readonly string[] = NOTIFICATION_KINDS;
export const isNotificationKind = (value: string): value is TNotificationKind => KIND_NAMES.includes(value);

export const NOTIFICATION_MESSAGES = {
  forumRepliesInvalid: 'Bitte geben Sie an, ob Sie E-Mails zu Antworten im Forum erhalten möchten.',
  digestInvalid: 'Die Zusammenfassung muss „never“, „daily“ oder „weekly“ sein.',
  mentionsInvalid: 'Bitte geben Sie an, ob Sie E-Mails erhalten möchten, wenn Sie jemand erwähnt.',
  /** the switch of the settings page (issue 37) */
  mentionsLabel: 'E-Mails, wenn mich jemand erwähnt',
  saved: 'Ihre Benachrichtigungen wurden gespeichert.',
} as const;

/** GET /api/account/notifications (and the web form's values). */
export const ZNotificationSettings = z.strictObject({
  forumReplies: z.boolean({ error: NOTIFICATION_MESSAGES.forumRepliesInvalid }),
  digest: z.enum(DIGEST_FREQUENCIES, { error: NOTIFICATION_MESSAGES.digestInvalid }),
  /** issue 37: a mail when someone mentions the member in a forum post */
  mentions: z.boolean({ error: NOTIFICATION_MESSAGES.mentionsInvalid }),
});
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;

/**
 * PUT /api/account/notifications, as JSON or as form fields ('true'/'false'): `forumReplies` and `digest`
 * required; `mentions` optional (left out: unchanged), so that clients made before issue 37 keep working.
 */
export const ZNotificationSettingsInput = ZNotificationSettings.extend({
  forumReplies: formBoolean(NOTIFICATION_MESSAGES.forumRepliesInvalid),
  mentions: formBoolean(NOTIFICATION_MESSAGES.mentionsInvalid).optional(),
});
export type TNotificationSettingsInput = z.infer<typeof ZNotificationSettingsInput>;

export const DEFAULT_NOTIFICATION_SETTINGS: TNotificationSettings = {
  forumReplies: true,
  digest: 'daily',
  mentions: true,
};

/** The `?token=` of the unsubscribe address. */
export const ZUnsubscribeQuery = z.object({ token: z.string().min(1).max(500) });
