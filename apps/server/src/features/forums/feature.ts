import type { FeatureModule } from '../../platform/registry/feature-module.ts';
import { privacyParts } from '../../platform/registry/privacy-part.ts';
import { forumsDigest } from './forum-digest.ts';
import { forumsSearchSource } from './forums.search-source.ts';
import { forumsPrivacy } from './forums-privacy.ts';
import { reactionsPrivacy } from './reactions-privacy.ts';

/** What the forums contribute to the platform's services (ARCHITECTURE §7). */
export const forumsFeature: FeatureModule = {
  name: 'forums',
  search: forumsSearchSource,
  // issue 37: reactions and mentions beside posts, follows and read markers
  privacy: privacyParts(forumsPrivacy, reactionsPrivacy),
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
