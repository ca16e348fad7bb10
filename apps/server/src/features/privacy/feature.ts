import type { FeatureModule } from '../../platform/registry/feature-module.ts';

/** What privacy contributes to the platform's services (ARCHITECTURE §7). */
export const privacyFeature: FeatureModule = {
  name: 'privacy',
  auditKinds: ['member.erase'],
};
