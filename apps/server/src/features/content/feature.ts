import type { FeatureModule } from '../../platform/registry/feature-module.ts';
import { contentSearchSource } from './content.search-source.ts';
import { contentDigest } from './content-digest.ts';

/** What the content pages contribute to the platform's services (ARCHITECTURE §7). */
export const contentFeature: FeatureModule = {
  name: 'content',
  search: contentSearchSource,
  digest: contentDigest,
  auditKinds: ['content.save', 'content.delete'],
};
