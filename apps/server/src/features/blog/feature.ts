import type { FeatureModule } from '../../platform/registry/feature-module.ts';
import { blogSearchSource } from './blog.search-source.ts';
import { blogDigest } from './blog-digest.ts';
import { blogGroupUsage } from './blog-group-usage.ts';
import { blogPrivacy } from './blog-privacy.ts';

/** What the blog contributes to the platform's services (ARCHITECTURE §7). */
export const blogFeature: FeatureModule = {
  name: 'blog',
  search: blogSearchSource,
  // posts and confirmations stay with an erased member, shown as 'Ehemaliges Mitglied' (decisions 0086, 0161)
  privacy: blogPrivacy,
  digest: blogDigest,
  auditKinds: ['post.save', 'post.delete', 'post.breakingNews', 'post.confirm', 'post.confirmationReminder'],
  groupUsage: blogGroupUsage,
};
