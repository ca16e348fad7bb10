/**
 * Every route of the server, each feature's as its own plugin given its services (services.ts): first the ones
 * that need no login, then the authenticated context, where each route needs a valid access token unless it
 * is marked public.
 */
import { APP_PATHS, appLink, type TPublicSettings } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { appAddresses, type TConfig } from './config.ts';
import { adminRoutes } from './features/admin/index.ts';
import { authRoutes, externalLoginRoutes } from './features/auth/index.ts';
import { blogRoutes } from './features/blog/index.ts';
import { categoriesRoutes } from './features/categories/index.ts';
import { companiesAdminRoutes, companiesRoutes, peopleRoutes } from './features/companies/index.ts';
import { contentRoutes } from './features/content/index.ts';
import { dashboardRoutes } from './features/dashboard/index.ts';
import { eventsRoutes } from './features/events/index.ts';
import { forumMentionableRoutes, forumReactionsRoutes, forumsRoutes } from './features/forums/index.ts';
import { mediaLibraryRoutes, mediaPublicRoutes, mediaRoutes } from './features/media/index.ts';
import { notificationSettingsRoutes, unsubscribeRoutes } from './features/notifications/index.ts';
import { privacyRoutes } from './features/privacy/index.ts';
import { searchRoutes, synonymsRoutes } from './features/search/index.ts';
import type { AccessTokens } from './platform/auth/access-token.ts';
import { authenticate } from './platform/auth/guards.ts';
import { healthRoutes } from './platform/health/health.routes.ts';
import type { HealthCheck } from './platform/health/health-check.ts';
import { memberBodies } from './platform/http/body-limits.ts';
import { settingsRoutes } from './platform/http/settings.routes.ts';
import { createMissLimiter, type SharedCounter } from './platform/http/shared-counter.ts';
import { metricsRoutes } from './platform/metrics/metrics.routes.ts';
import type { Metrics } from './platform/metrics/metrics.ts';
import { notificationCentreRoutes } from './platform/notification-centre/notification-centre.routes.ts';
import type { FileStore } from './platform/storage/file-store.ts';
import { filesRoutes } from './platform/storage/files.routes.ts';
import type { UrlSigner } from './platform/storage/signed-url.ts';
import type { Services } from './services.ts';

export interface RouteDeps {
  config: TConfig;
  services: Services;
  settings: TPublicSettings;
  health: HealthCheck;
  tokens: AccessTokens;
  /** the rate limits' count, shared by all instances through the database */
  counter: SharedCounter;
  storage: FileStore;
  signer: UrlSigner;
  metrics: Metrics;
}

export async function registerRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { config, services, counter } = deps;
  const { accounts, auth } = services;
  await app.register(healthRoutes, { health: deps.health });
  await app.register(settingsRoutes, { settings: deps.settings });
  await app.register(metricsRoutes, { metrics: deps.metrics, token: config.metricsToken });
  const authOptions = {
    auth,
    externalApiKey: config.externalApiKey,
    loginFormOrigins: config.loginFormOrigins,
    rateLimitMax: config.rateLimitMax,
    counter,
    metrics: deps.metrics,
  };
  await app.register(externalLoginRoutes, authOptions);
  // Lookups by a secret address without a login, per client IP and minute, as many as the token endpoints.
  const lookupsPerMinute = config.rateLimitMax * 6;
  const lookupLimit = (kind: string) =>
    app.rateLimit({
      max: lookupsPerMinute,
      timeWindow: 60_000,
      hook: 'onRequest',
      keyGenerator: (request) => `${kind}-ip:${request.ip}`,
    });
  // Media files are public by design (ARCHITECTURE §4): their unguessable address needs no token.
  await app.register(mediaPublicRoutes, {
    media: services.media,
    hostOrigin: config.hostOrigin,
    misses: createMissLimiter(counter, 'media-miss-ip', lookupsPerMinute, 60_000),
  });
  // The one-click unsubscribe address of notification mails (RFC 8058): the signed link needs no login.
  await app.register(unsubscribeRoutes, {
    unsubscribe: services.unsubscribe,
    limit: lookupLimit('unsubscribe'),
    settingsUrl: appLink(APP_PATHS.notificationSettings, appAddresses(config)),
  });
  await app.register(async (api) => {
    memberBodies(api);
    api.addHook(
      'onRequest',
      authenticate({
        tokens: deps.tokens,
        principal: (id) => accounts.principal(id),
        sessionAlive: (id) => auth.sessionAlive(id),
      }),
    );
    await api.register(authRoutes, authOptions);
    await api.register(filesRoutes, { storage: deps.storage, signer: deps.signer });
    await api.register(categoriesRoutes, services);
    await api.register(contentRoutes, services);
    await api.register(blogRoutes, services);
    await api.register(dashboardRoutes, services);
    await api.register(adminRoutes, services);
    await api.register(notificationSettingsRoutes, services);
    await api.register(notificationCentreRoutes, services);
    await api.register(privacyRoutes, services);
    await api.register(searchRoutes, services);
    await api.register(synonymsRoutes, services);
    await api.register(mediaLibraryRoutes, services);
    await api.register(mediaRoutes, services);
    await api.register(forumsRoutes, services);
    await api.register(forumReactionsRoutes, services);
    await api.register(forumMentionableRoutes, services);
    await api.register(companiesRoutes, services);
    await api.register(companiesAdminRoutes, services);
    await api.register(peopleRoutes, services);
    await api.register(eventsRoutes, { ...services, feedLimit: lookupLimit('calendar-feed') });
  });
}
