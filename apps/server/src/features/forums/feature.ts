import type { FeatureModule } from '../../platform/registry/feature-module.ts';
import { forumsDigest } from './forum-digest.ts';
import { forumsSearchSource } from './forums.search-source.ts';
import { forumsPrivacy } from './forums-privacy.ts';

/** What the forums contribute to the platform's services (ARCHITECTURE §7). */
export const forumsFeature: FeatureModule = {
  name: 'forums',
  search: forumsSearchSource,
  privacy: forumsPrivacy,
  digest: forumsDigest,
  auditKinds: [
    'forum.save',
    'forum.delete',
    'thread.save',
    'thread.delete',
    'forumPost.save',
    'forumPost.delete',
    'forumPost.edit',
    'thread.rename',
  ],
  bookkeepingTables: ['forumThreadReaders'],
};
