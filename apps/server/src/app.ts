import path from 'node:path';
import type { Writable } from 'node:stream';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  API,
  APP_PATHS,
  appLink,
  MESSAGES,
  type TPublicSettings,
  ZHealth,
  ZPublicSettings,
} from '@portal/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { z } from 'zod';
import { appAddresses, type TConfig } from './config.ts';
import { type AccountsService, createAccountsService } from './features/accounts/index.ts';
import { adminRoutes } from './features/admin/index.ts';
import { authRoutes, createAuthService, externalLoginRoutes } from './features/auth/index.ts';
import { blogRoutes } from './features/blog/index.ts';
import { categoriesRoutes } from './features/categories/index.ts';
import { contentRoutes, createContentService } from './features/content/index.ts';
import { dashboardRoutes } from './features/dashboard/index.ts';
import { eventsRoutes } from './features/events/index.ts';
import { forumsRoutes } from './features/forums/index.ts';
import { mediaLibraryRoutes, mediaPublicRoutes, mediaRoutes } from './features/media/index.ts';
import {
  createDigestRunner,
  createDigestScheduler,
  type DigestScheduler,
  type DigestSchedulerOptions,
  forumReplyRecipients,
  notificationSettingsRoutes,
  unsubscribeRoutes,
} from './features/notifications/index.ts';
import { privacyRoutes } from './features/privacy/index.ts';
import { createSearchIndex, type SearchIndex, searchRoutes } from './features/search/index.ts';
import { BOOKKEEPING_TABLES, DIGEST_SECTIONS, GROUP_USAGE, PRIVACY_PARTS } from './modules.ts';
import { createAccessTokens } from './platform/auth/access-token.ts';
import { authenticate } from './platform/auth/guards.ts';
import { createAnswerCache } from './platform/cache/answer-cache.ts';
import { createDatabase, type Database } from './platform/db/database.ts';
import { foldersWritten } from './platform/health/free-space.ts';
import { createHealthCheck, type HealthOptions } from './platform/health/health-check.ts';
import { memberBodies, PUBLIC_BODY_LIMIT } from './platform/http/body-limits.ts';
import { type BodyStallOptions, endStalledBodies } from './platform/http/body-stall.ts';
import {
  frameworkErrorOptions,
  HttpError,
  refuseWhileClosing,
  registerErrorHandlers,
} from './platform/http/errors.ts';
import { loggerOptions, requestLogOptions } from './platform/http/logging.ts';
import { refuseNulCharacters } from './platform/http/nul-guard.ts';
import { openRequestScopes } from './platform/http/request-scopes.ts';
import { registerSecurityHeaders } from './platform/http/security.ts';
import {
  createMissLimiter,
  createSharedCounter,
  sharedRateLimitStore,
} from './platform/http/shared-counter.ts';
import { registerSpa } from './platform/http/spa.ts';
import { createJobLease } from './platform/jobs/job-lease.ts';
import { createMailOutbox } from './platform/mail/mail-outbox.ts';
import {
  createConfiguredMailWorker,
  type MailWorker,
  type MailWorkerOptions,
} from './platform/mail/mail-worker.ts';
import { createUnsubscribeTokens } from './platform/mail/unsubscribe-token.ts';
import { createStorage } from './platform/storage/create-storage.ts';
import { createFileStore, type FileStore } from './platform/storage/file-store.ts';
import { filesRoutes } from './platform/storage/files.routes.ts';
import { createUrlSigner, type UrlSigner } from './platform/storage/signed-url.ts';
import { createUploadSweeper, type UploadSweeper } from './platform/storage/upload-sweeper.ts';
import { registerMultipartBodies } from './platform/uploads/multipart-body.ts';
import { createUploadReceiver } from './platform/uploads/upload-receiver.ts';

z.config(z.locales.de());

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    accounts: AccountsService;
    /** the storage with its upload ledger: features save files through storage.commit / discard */
    storage: FileStore;
    signer: UrlSigner;
    /** sends the mail outbox; started by main.ts, driven by runOnce() in tests. */
    mailWorker: MailWorker;
    /** removes files of uploads that never committed; main.ts runs it before listening and starts it. */
    uploadSweeper: UploadSweeper;
    /** the search index the features' saves keep current (issue 16). */
    searchIndex: SearchIndex;
    /** sends due digests under the 'digest' lease; started by main.ts, driven by runOnce(now) in tests. */
    digestScheduler: DigestScheduler;
  }
}

export interface BuildOptions {
  /** an open database to use instead of opening config.database; the caller closes it. */
  database?: Database;
  /** where log lines go (tests read them); default stdout. */
  logStream?: DestinationStream;
  /** mail worker timing and clock (tests retry at once, move the rate window). */
  mailWorker?: Partial<MailWorkerOptions>;
  /** the clock of the events' registration deadline (tests move it); default: the system clock. */
  eventsClock?: () => Date;
  /** the search index the saves write to; default the real one (the bench times uploads without it). */
  searchIndex?: SearchIndex;
  /** digest scheduler timing (tests tick fast). */
  digestScheduler?: Partial<DigestSchedulerOptions>;
  /** health check timing and clock (tests make a probe late). */
  health?: Partial<HealthOptions>;
  /** opens an upload's temp file for writing (tests make the disk full); default a new file. */
  openUploadFile?: (file: string) => Writable;
  /** when a request body counts as stalled (tests use a short window); default BODY_STALL, 16 KiB in 30 s. */
  bodyStall?: BodyStallOptions;
}

/** The whole HTTP application; main.ts listens with it, tests call app.inject(). */
export async function buildApp(config: TConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    ...requestLogOptions(),
    trustProxy: config.trustProxy,
    ...frameworkErrorOptions(),
    // public routes and unknown addresses; the authenticated context raises it for members (memberBodies)
    bodyLimit: PUBLIC_BODY_LIMIT,
    forceCloseConnections: 'idle',
    // Requests arriving during shutdown get their 503 from refuseWhileClosing, in German, not Fastify's English.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandlers(app);
  refuseWhileClosing(app);
  // Before any hook that reads the database (authentication, rate limits): its time counts from there.
  openRequestScopes(app, { databaseTimeMs: config.databaseRequestTimeoutMs });
  endStalledBodies(app, options.bodyStall);

  const database = options.database ?? createDatabase(config.database);
  if (!options.database) app.addHook('onClose', () => database.close());
  // An idle connection the database dropped (restart, failover): the pool opens a new one when needed.
  database.onConnectionError((error) => app.log.warn({ reason: error.message }, 'database connection lost'));
  const answerCache = createAnswerCache({ ttlMs: config.answerCacheMs, unreadTables: BOOKKEEPING_TABLES });
  database.onWrite(answerCache.written);
  const accounts = createAccountsService(database.db);
  const tokens = createAccessTokens(config.jwtSecret, config.accessTokenTtlSeconds);
  const auth = createAuthService({ db: database.db, accounts, tokens, publicUrl: config.publicUrl });
  const storage = createFileStore({ database, storage: createStorage(config), log: app.log });
  // Uploads arrive in temp files here (DATA_DIR/tmp/uploads), one folder per request, removed when it ends.
  const uploads = createUploadReceiver(path.join(config.dataDir, 'tmp', 'uploads'), {
    openFile: options.openUploadFile,
  });
  const uploadSweeper = createUploadSweeper({
    files: storage,
    graceMinutes: config.uploadGraceMinutes,
    log: app.log,
    uploads,
  });
  app.addHook('preClose', () => uploadSweeper.stop());
  const signer = createUrlSigner(config.jwtSecret);
  const search = options.searchIndex ?? createSearchIndex();
  const outbox = createMailOutbox(database);
  const mailWorker = createConfiguredMailWorker(config, outbox, app.log, options.mailWorker);
  // preClose: the mail in flight is marked sent before anything closes the database.
  app.addHook('preClose', () => mailWorker.stop());
  const digestScheduler = createDigestScheduler({
    runner: createDigestRunner({
      db: database.db,
      accounts,
      outbox,
      addresses: appAddresses(config),
      jwtSecret: config.jwtSecret,
      log: app.log,
      sections: DIGEST_SECTIONS,
    }),
    lease: createJobLease(database.db),
    mailWorker,
    log: app.log,
    options: options.digestScheduler,
  });
  // preClose: a digest run in progress finishes its member's transaction before the database closes.
  app.addHook('preClose', () => digestScheduler.stop());
  app.decorate('database', database);
  app.decorate('storage', storage);
  app.decorate('signer', signer);
  app.decorate('accounts', accounts);
  app.decorate('mailWorker', mailWorker);
  app.decorate('uploadSweeper', uploadSweeper);
  app.decorate('searchIndex', search);
  app.decorate('digestScheduler', digestScheduler);
  app.decorateRequest('principal', null);
  app.decorateRequest('sessionId', null);
  registerSecurityHeaders(app, { hostOrigin: config.hostOrigin, publicUrl: config.publicUrl });
  answerCache.register(app);
  // Each route's own body limit applies (the server's unless it sets one).
  await app.register(formbody);
  // The plugin only marks multipart requests; registerMultipartBodies reads them, route by route.
  await app.register(multipart, {
    limits: { files: 0, fields: 50, fieldSize: PUBLIC_BODY_LIMIT, fileSize: config.uploadLimitBytes },
    throwFileSizeLimit: true,
  });
  registerMultipartBodies(app, { uploads, fileLimitBytes: config.uploadLimitBytes });
  uploads.register(app);
  // After the multipart hook: it attaches the form fields this one inspects.
  app.addHook('preValidation', refuseNulCharacters);
  const counter = createSharedCounter(database.db);
  await app.register(rateLimit, {
    global: false,
    // Counted in the database, so that all instances share one count (PostgreSQL scale-out).
    store: sharedRateLimitStore(counter),
    errorResponseBuilder: () => new HttpError(429, MESSAGES.tooManyRequests),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Portal API', version: '1.0.0', description: 'API des Mitgliederportals (SPEC §7).' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // Recursive schemas (category trees) are components, referenced by the id in their zod metadata.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: API.docs });

  const settings: TPublicSettings = {
    hostOrigin: config.hostOrigin ?? null,
    loginFormOrigins: config.loginFormOrigins,
    contactEmail: config.contactEmail,
    uploadLimitMb: config.uploadLimitBytes / (1024 * 1024),
    hostPageUrl: config.hostPageUrl,
  };
  const health = createHealthCheck({
    database,
    databaseConfig: config.database,
    storage,
    disk: { folders: foldersWritten(config), minFreeBytes: config.healthMinFreeBytes },
    mail: () => mailWorker.relayState(),
    log: app.log,
    options: options.health,
  });
  app.addHook('onClose', () => health.close());
  app.get(
    API.health,
    {
      schema: {
        tags: ['platform'],
        description:
          'Whether the database and the storage can be written and read back (else 503, status down), and ' +
          'whether disk space and the mail relay need an operator (200, status degraded). Needs no token; ' +
          'answers within 1.5 s whatever state they are in.',
        response: { 200: ZHealth, 503: ZHealth },
      },
    },
    async (_req, reply) => {
      const result = await health.check();
      return reply.status(result.status === 'down' ? 503 : 200).send(result);
    },
  );
  app.get(
    API.settings,
    { schema: { tags: ['platform'], response: { 200: ZPublicSettings } } },
    async () => settings,
  );

  const routeOptions = {
    auth,
    externalApiKey: config.externalApiKey,
    loginFormOrigins: config.loginFormOrigins,
    rateLimitMax: config.rateLimitMax,
    counter,
  };
  await app.register(externalLoginRoutes, routeOptions);
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
    db: database.db,
    storage,
    hostOrigin: config.hostOrigin,
    misses: createMissLimiter(counter, 'media-miss-ip', lookupsPerMinute, 60_000),
  });
  // The one-click unsubscribe address of notification mails (RFC 8058): the signed link needs no login.
  await app.register(unsubscribeRoutes, {
    db: database.db,
    accounts,
    tokens: createUnsubscribeTokens(config.jwtSecret, config.publicUrl),
    limit: lookupLimit('unsubscribe'),
    settingsUrl: appLink(APP_PATHS.notificationSettings, appAddresses(config)),
  });
  // Every route registered in this context needs a valid access token unless it is marked public.
  await app.register(async (api) => {
    memberBodies(api);
    api.addHook(
      'onRequest',
      authenticate({
        tokens,
        principal: (id) => accounts.principal(id),
        sessionAlive: (id) => auth.sessionAlive(id),
      }),
    );
    await api.register(authRoutes, routeOptions);
    await api.register(filesRoutes, { storage, signer });
    await api.register(categoriesRoutes, {
      db: database.db,
      accounts,
      // Deleting a category deletes the content items filed only under it.
      content: createContentService({ db: database.db, storage, signer, search }),
    });
    await api.register(contentRoutes, { db: database.db, storage, signer, search });
    await api.register(blogRoutes, {
      db: database.db,
      storage,
      signer,
      accounts,
      outbox,
      mailWorker,
      addresses: appAddresses(config),
      search,
    });
    await api.register(dashboardRoutes, { db: database.db });
    // members, groups and the audit log (issue 18); a new member may get a password where the form is offered
    await api.register(adminRoutes, {
      db: database.db,
      accounts,
      passwordAllowed: config.loginFormOrigins.length > 0,
      usage: GROUP_USAGE,
    });
    await api.register(notificationSettingsRoutes, { db: database.db });
    await api.register(privacyRoutes, { db: database.db, accounts, parts: PRIVACY_PARTS });
    await api.register(searchRoutes, { db: database.db, kind: database.kind });
    await api.register(mediaLibraryRoutes, { db: database.db, storage });
    await api.register(mediaRoutes, { db: database.db, storage, publicUrl: config.publicUrl, search });
    await api.register(forumsRoutes, {
      db: database.db,
      storage,
      signer,
      search,
      // reply mails to the followers of a thread (issue 17); the notifications feature says who wants them
      replyMails: {
        outbox,
        mailWorker,
        addresses: appAddresses(config),
        jwtSecret: config.jwtSecret,
        recipients: forumReplyRecipients,
      },
    });
    await api.register(eventsRoutes, {
      db: database.db,
      storage,
      signer,
      accounts,
      addresses: appAddresses(config),
      now: options.eventsClock,
      search,
      feedLimit: lookupLimit('calendar-feed'),
    });
  });

  await registerSpa(app, config.webDist, settings);
  return app;
}
