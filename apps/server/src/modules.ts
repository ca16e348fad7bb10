/**
 * Every feature and the platform's own tables, as the platform's cross-cutting services see them (ARCHITECTURE
 * §7, issue 32): buildApp, the CLI and the tests hand these modules to each service. The order is the order in
 * which their parts run and show: the digest's sections, the counts in an erasure's audit entry.
 */
import { accountsFeature } from './features/accounts/index.ts';
import { adminFeature } from './features/admin/index.ts';
import { authFeature } from './features/auth/index.ts';
import { blogFeature } from './features/blog/index.ts';
import { categoriesFeature } from './features/categories/index.ts';
import { companiesFeature } from './features/companies/index.ts';
import { contentFeature } from './features/content/index.ts';
import { dashboardFeature } from './features/dashboard/index.ts';
import { eventsFeature } from './features/events/index.ts';
import { forumsFeature } from './features/forums/index.ts';
import { mediaFeature } from './features/media/index.ts';
import { notificationsFeature } from './features/notifications/index.ts';
import { privacyFeature } from './features/privacy/index.ts';
import { searchFeature } from './features/search/index.ts';
import { platformModule } from './platform/platform-module.ts';
import { type FeatureModule, partsOf } from './platform/registry/feature-module.ts';
import { groupUsageOf } from './platform/registry/group-usage.ts';

export const MODULES: readonly FeatureModule[] = [
  accountsFeature,
  blogFeature,
  eventsFeature,
  authFeature,
  forumsFeature,
  contentFeature,
  categoriesFeature,
  mediaFeature,
  companiesFeature,
  notificationsFeature,
  adminFeature,
  privacyFeature,
  dashboardFeature,
  searchFeature,
  platformModule,
];

/** What each feature exports of a member and erases (features/privacy). */
export const PRIVACY_PARTS = partsOf(MODULES, 'privacy');

/** What each feature puts into the search, one source per hit type (features/search). */
export const SEARCH_SOURCES = partsOf(MODULES, 'search');

/** What each feature lists as new in the digest mail (features/notifications). */
export const DIGEST_SECTIONS = partsOf(MODULES, 'digest');

/** Tables no answer kept in memory reads: writing them keeps those answers (platform/cache). */
export const BOOKKEEPING_TABLES = MODULES.flatMap((module) => module.bookkeepingTables ?? []);

/** What of the features uses a group: the groups screen's lists (features/admin). */
export const GROUP_USAGE = groupUsageOf(partsOf(MODULES, 'groupUsage'));
