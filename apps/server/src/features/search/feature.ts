import type { FeatureModule } from '../../platform/registry/feature-module.ts';

/** What the search contributes to the platform's services (ARCHITECTURE §7): nothing yet. */
export const searchFeature: FeatureModule = { name: 'search' };
