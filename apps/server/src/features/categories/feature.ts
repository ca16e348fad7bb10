import type { FeatureModule } from '../../platform/registry/feature-module.ts';
import { categoryGroupUsage } from './category-group-usage.ts';

/** What the content categories contribute to the platform's services (ARCHITECTURE §7). */
export const categoriesFeature: FeatureModule = {
  name: 'categories',
  auditKinds: ['category.save', 'category.delete'],
  groupUsage: categoryGroupUsage,
};
