import type { FeatureModule } from '../../platform/registry/feature-module.ts';

/** What the administration contributes to the platform's services (ARCHITECTURE §7). */
export const adminFeature: FeatureModule = {
  name: 'admin',
  auditKinds: [
    'member.create',
    'member.role',
    'member.groups',
    'member.disabled',
    'member.contact',
    'group.create',
    'group.update',
    'group.delete',
  ],
};
