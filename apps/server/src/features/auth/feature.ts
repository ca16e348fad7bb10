import type { FeatureModule } from '../../platform/registry/feature-module.ts';
import { authPrivacy } from './auth-privacy.ts';

/** What auth contributes to the platform's services (ARCHITECTURE §7). */
export const authFeature: FeatureModule = {
  name: 'auth',
  privacy: authPrivacy,
  auditKinds: ['login.host', 'login.passwordFailed'],
  bookkeepingTables: ['sessions', 'refreshTokens', 'loginTokens'],
};
