import type { FeatureModule } from '../../platform/registry/feature-module.ts';

/** What the dashboard contributes to the platform's services (ARCHITECTURE §7): nothing yet. */
export const dashboardFeature: FeatureModule = { name: 'dashboard' };
