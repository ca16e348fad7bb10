import type { FeatureModule } from '../../platform/registry/feature-module.ts';

/** What the search contributes to the platform's services (ARCHITECTURE §7): the synonym list's audit kinds. */
export const searchFeature: FeatureModule = {
  name: 'search',
  auditKinds: ['searchSynonym.create', 'searchSynonym.update', 'searchSynonym.delete'],
};
