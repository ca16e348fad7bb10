/** What the platform's own tables contribute to the services that features contribute to as well. */

import { mailPrivacy } from './mail/mail-privacy.ts';
import type { FeatureModule } from './registry/feature-module.ts';

export const platformModule: FeatureModule = {
  name: 'platform',
  privacy: mailPrivacy,
  bookkeepingTables: [
    'rateLimits',
    'mailOutbox',
    'jobLeases',
    'auditLog',
    'uploadIntents',
    'searchDocuments',
  ],
};
