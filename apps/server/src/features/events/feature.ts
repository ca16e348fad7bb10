import type { FeatureModule } from '../../platform/registry/feature-module.ts';
import { eventsDigest } from './event-digest.ts';
import { eventsSearchSource } from './events.search-source.ts';
import { eventsPrivacy } from './events-privacy.ts';

/** What events contribute to the platform's services (ARCHITECTURE §7). */
export const eventsFeature: FeatureModule = {
  name: 'events',
  search: eventsSearchSource,
  privacy: eventsPrivacy,
  digest: eventsDigest,
  auditKinds: [
    'event.save',
    'event.delete',
    'event.answer',
    'event.moveUp',
    'event.participantRemove',
    'event.cancel',
    'event.seriesSave',
    'event.seriesDelete',
  ],
  // the reminder job's claims (decision 0165) are read by no answer kept in memory
  bookkeepingTables: ['calendarTokens', 'eventReminders'],
};
