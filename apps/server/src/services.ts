/**
 * The service registry (issue 32): every feature's services, each built once here by its factory with its
 * dependencies. The route plugins are given the services they name (routes.ts) and build none of their own;
 * the contributions of src/modules.ts reach the services that run them.
 */
import type { FastifyBaseLogger } from 'fastify';
import { appAddresses, type TConfig } from './config.ts';
import { createAccountsService } from './features/accounts/index.ts';
import { createAdminServices } from './features/admin/index.ts';
import { createAuthService } from './features/auth/index.ts';
import { createBlogService } from './features/blog/index.ts';
import { createCategoriesService } from './features/categories/index.ts';
import {
  createCompaniesService,
  createCompanyAdminService,
  createCompanyImport,
  createCompanyLoginLink,
  createCompanyReview,
  createPeopleService,
} from './features/companies/index.ts';
import { createContentService } from './features/content/index.ts';
import { createDashboardService } from './features/dashboard/index.ts';
import { createCalendarService, createEventsService, createReminderRun } from './features/events/index.ts';
import {
  clearReactions,
  createForumMentions,
  createForumReactions,
  createForumsService,
  createMentionable,
  createReplyNotices,
} from './features/forums/index.ts';
import { createMediaServices } from './features/media/index.ts';
import {
  createDigestRunner,
  createNotificationSettingsService,
  createUnsubscribeService,
  forumReplyRecipients,
  mentionRecipients,
} from './features/notifications/index.ts';
import { createPrivacyService } from './features/privacy/index.ts';
import {
  createSearchService,
  createSynonymsService,
  type SearchIndex,
  synonymGroups,
} from './features/search/index.ts';
import { DIGEST_SECTIONS, GROUP_USAGE, PRIVACY_PARTS, SEARCH_SOURCES } from './modules.ts';
import type { AccessTokens } from './platform/auth/access-token.ts';
import type { Database } from './platform/db/database.ts';
import type { MailOutbox } from './platform/mail/mail-outbox.ts';
import type { MailWorker } from './platform/mail/mail-worker.ts';
import { createUnsubscribeTokens } from './platform/mail/unsubscribe-token.ts';
import type { MetricsReporter } from './platform/metrics/metrics.ts';
import { createNotificationCentre } from './platform/notification-centre/notification-centre.ts';
import type { FileStore } from './platform/storage/file-store.ts';
import type { UrlSigner } from './platform/storage/signed-url.ts';

/** What the features' services are built on. */
export interface ServiceDeps {
  config: TConfig;
  database: Database;
  storage: FileStore;
  signer: UrlSigner;
  /** the index the features' saves keep current */
  searchIndex: SearchIndex;
  outbox: MailOutbox;
  mailWorker: MailWorker;
  tokens: AccessTokens;
  log: FastifyBaseLogger;
  /** the clock of the events' registration deadline (tests move it) */
  eventsClock?: (() => Date) | undefined;
  /** what the features report to the metrics (logins, search time) */
  metrics: MetricsReporter;
}

export function createServices(deps: ServiceDeps) {
  const { config, storage, signer, searchIndex: search, outbox, mailWorker } = deps;
  const { db } = deps.database;
  const addresses = appAddresses(config);
  const { jwtSecret } = config;
  const accounts = createAccountsService(db);
  const content = createContentService({ db, storage, signer, search });
  const events = {
    db,
    storage,
    signer,
    accounts,
    addresses,
    now: deps.eventsClock,
    search,
    outbox,
    mailWorker,
  };
  const calendar = createCalendarService(events);
  return {
    accounts,
    auth: createAuthService({
      db,
      accounts,
      tokens: deps.tokens,
      publicUrl: config.publicUrl,
      // the login call's company (issue 36 point 5)
      linkCompany: createCompanyLoginLink({ db, search }),
      metrics: deps.metrics,
    }),
    content,
    // deleting a category deletes the content items filed only under it
    categories: createCategoriesService({ db, accounts, content }),
    blog: createBlogService({ db, storage, signer, accounts, outbox, mailWorker, addresses, search }),
    dashboard: createDashboardService(db),
    // members, groups and the audit log (issue 18); a new member may get a password where the form is offered
    admin: createAdminServices({
      db,
      accounts,
      passwordAllowed: config.loginFormOrigins.length > 0,
      usage: GROUP_USAGE,
    }),
    notificationSettings: createNotificationSettingsService(db),
    // the bell's list, count and read marks (issue 37 point 5); features write through notify()
    notificationCentre: createNotificationCentre(db),
    unsubscribe: createUnsubscribeService({
      db,
      accounts,
      tokens: createUnsubscribeTokens(jwtSecret, config.publicUrl),
    }),
    digest: createDigestRunner({
      db,
      accounts,
      outbox,
      addresses,
      jwtSecret,
      log: deps.log,
      sections: DIGEST_SECTIONS,
    }),
    privacy: createPrivacyService({ db, accounts, parts: PRIVACY_PARTS, storage, outbox, addresses }),
    search: createSearchService({
      db,
      kind: deps.database.kind,
      sources: SEARCH_SOURCES,
      // the admin's synonym list (issue 33 point 3), read per search: a change counts from the next one
      synonyms: () => synonymGroups(db),
      metrics: deps.metrics,
    }),
    // the search's synonym list under 'Verwaltung' (issue 33)
    searchSynonyms: createSynonymsService({ db }),
    media: createMediaServices({ db, storage, publicUrl: config.publicUrl, search }),
    forums: createForumsService({
      db,
      storage,
      signer,
      search,
      // reply mails to the followers of a thread (issue 17); the notifications feature says who wants them
      replyMails: { outbox, mailWorker, addresses, jwtSecret, recipients: forumReplyRecipients },
      // issue 37: mentions first, so that a mentioned follower gets the mention and no reply notification
      postWritten: [
        createForumMentions({ outbox, mailWorker, addresses, jwtSecret, recipients: mentionRecipients }),
        createReplyNotices(),
      ],
      // a member's deleted reply keeps no reactions (issue 37)
      postDeleted: [clearReactions],
    }),
    // reactions to posts and the editor's @ suggestions (issue 37 points 2 and 4)
    forumReactions: createForumReactions({ db }),
    mentionable: createMentionable({ db, signer }),
    events: createEventsService(events),
    calendar,
    // the reminder mails before an event (issue 35 point 3), run by app.ts's eventReminders job
    eventReminders: createReminderRun({ db, outbox, addresses, icsOf: calendar.occurrenceIcs }),
    // member companies (issue 36): the directory, its self-service, and what admins do
    companies: createCompaniesService({ db, storage, signer, search }),
    companyAdmin: createCompanyAdminService({ db, storage, search }),
    companyReview: createCompanyReview({ db, search }),
    companyImport: createCompanyImport({ db, search }),
    // people (issue 36 point 6): a person's page and each member's photo
    people: createPeopleService({ db, storage, signer }),
  };
}

export type Services = ReturnType<typeof createServices>;
