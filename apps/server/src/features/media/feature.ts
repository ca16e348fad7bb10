import type { FeatureModule } from '../../platform/registry/feature-module.ts';
import { mediaSearchSource } from './media.search-source.ts';

/** What the media library contributes to the platform's services (ARCHITECTURE §7). */
export const mediaFeature: FeatureModule = {
  name: 'media',
  search: mediaSearchSource,
  auditKinds: ['media.save', 'media.delete', 'mediaCategory.save', 'mediaCategory.delete'],
};
