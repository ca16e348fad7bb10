/** What the platform's own tables contribute to the services that features contribute to as well. */

import { mailPrivacy } from './mail/mail-privacy.ts';
import { mentionsDigest } from './notification-centre/mentions-digest.ts';
import { notificationCentrePrivacy } from './notification-centre/notification-centre-privacy.ts';
import type { FeatureModule } from './registry/feature-module.ts';
import { privacyParts } from './registry/privacy-part.ts';

export const platformModule: FeatureModule = {
  name: 'platform',
  privacy: privacyParts(mailPrivacy, notificationCentrePrivacy),
  // the notification centre's mentions (issue 37 point 6)
  digest: mentionsDigest,
  bookkeepingTables: [
    'rateLimits',
    'mailOutbox',
    'jobLeases',
    'auditLog',
    'uploadIntents',
    'searchDocuments',
    // no kept answer reads the notification centre: marking read keeps them
    'notifications',
  ],
};
