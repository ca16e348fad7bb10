import type { FeatureModule } from '../../platform/registry/feature-module.ts';
import { notificationsPrivacy } from './notifications-privacy.ts';

/** What notifications contribute to the platform's services (ARCHITECTURE §7). */
export const notificationsFeature: FeatureModule = {
  name: 'notifications',
  privacy: notificationsPrivacy,
  bookkeepingTables: ['notificationSettings'],
};
