/** What notifications keep about a member, as privacy (GDPR, issue 18) exports and erases it: their settings. */
import type { PrivacyPart } from '../../platform/registry/privacy-part.ts';
import { createNotificationSettingsService } from './notification-settings.service.ts';

export const notificationsPrivacy: PrivacyPart = {
  erases: ['notificationSettings'],
  exports: {
    /** The stored settings, or the defaults while the member has none. */
    notificationSettings: (db, userId) => createNotificationSettingsService(db).settings(userId),
  },
  async erase(trx, member) {
    await trx.deleteFrom('notificationSettings').where('userId', '=', member.id).execute();
    return [];
  },
};
