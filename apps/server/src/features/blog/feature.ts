import type { FeatureModule } from '../../platform/registry/feature-module.ts';
import { blogSearchSource } from './blog.search-source.ts';
import { blogDigest } from './blog-digest.ts';
import { blogGroupUsage } from './blog-group-usage.ts';

/** What the blog contributes to the platform's services (ARCHITECTURE §7). */
export const blogFeature: FeatureModule = {
  name: 'blog',
  search: blogSearchSource,
  // posts stay with an erased author, shown as 'Ehemaliges Mitglied' (decision 0086)
  privacy: { keeps: ['blogPosts'] },
  digest: blogDigest,
  auditKinds: ['post.save', 'post.delete', 'post.breakingNews'],
  groupUsage: blogGroupUsage,
};
