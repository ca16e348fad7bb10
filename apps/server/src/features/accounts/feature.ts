import type { FeatureModule } from '../../platform/registry/feature-module.ts';
import { accountsPrivacy } from './accounts-privacy.ts';

/** What accounts contributes to the platform's services (ARCHITECTURE §7). */
export const accountsFeature: FeatureModule = {
  name: 'accounts',
  privacy: accountsPrivacy,
};
