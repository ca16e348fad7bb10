import path from 'node:path';
import type { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { z } from 'zod';
import type { TConfig } from './config.ts';
import type { AccountsService } from './features/accounts/index.ts';
import { type CircularReminders, createCircularReminders } from './features/blog/index.ts';
import { createEventReminders, type EventReminders } from './features/events/index.ts';
import {
  createDigestScheduler,
  type DigestScheduler,
  type DigestSchedulerOptions,
} from './features/notifications/index.ts';
import { createSearchIndex, type SearchIndex } from './features/search/index.ts';
import { BOOKKEEPING_TABLES, SEARCH_SOURCES } from './modules.ts';
import { createAccessTokens } from './platform/auth/access-token.ts';
import { createAnswerCache } from './platform/cache/answer-cache.ts';
import { createDatabase, type Database } from './platform/db/database.ts';
import { foldersWritten } from './platform/health/free-space.ts';
import { createHealthCheck, type HealthOptions } from './platform/health/health-check.ts';
import { PUBLIC_BODY_LIMIT } from './platform/http/body-limits.ts';
import { type BodyStallOptions, endStalledBodies } from './platform/http/body-stall.ts';
import { frameworkErrorOptions, refuseWhileClosing, registerErrorHandlers } from './platform/http/errors.ts';
import { loggerOptions, requestLogOptions } from './platform/http/logging.ts';
import { openRequestScopes } from './platform/http/request-scopes.ts';
import { publicSettings } from './platform/http/settings.routes.ts';
import { createSharedCounter } from './platform/http/shared-counter.ts';
import { registerSpa } from './platform/http/spa.ts';
import { createJobLease } from './platform/jobs/job-lease.ts';
import { createMailOutbox } from './platform/mail/mail-outbox.ts';
import {
  createConfiguredMailWorker,
  type MailWorker,
  type MailWorkerOptions,
} from './platform/mail/mail-worker.ts';
import { measureRequests } from './platform/metrics/metrics.routes.ts';
import { createMetrics } from './platform/metrics/metrics.ts';
import {
  createNotificationRetention,
  type NotificationRetention,
} from './platform/notification-centre/notification-retention.ts';
import { createStorage } from './platform/storage/create-storage.ts';
import { createFileStore, type FileStore } from './platform/storage/file-store.ts';
import { createUrlSigner, type UrlSigner } from './platform/storage/signed-url.ts';
import { createUploadSweeper, type UploadSweeper } from './platform/storage/upload-sweeper.ts';
import { createUploadReceiver } from './platform/uploads/upload-receiver.ts';
import { registerPlugins } from './plugins.ts';
import { registerRoutes } from './routes.ts';
import { createServices } from './services.ts';

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
    /** queues the circulars' reminder mails (issue 34); started by main.ts, driven by runOnce(now) in tests. */
    circularReminders: CircularReminders;
    /** queues the events' reminder mails (issue 35); started by main.ts, driven by runOnce(now) in tests. */
    eventReminders: EventReminders;
    /** removes notifications after 90 days (issue 37); started by main.ts, driven by runOnce(now) in tests. */
    notificationRetention: NotificationRetention;
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

/**
 * The whole HTTP application; main.ts listens with it, tests call app.inject(). It opens the platform (database,
 * kept answers, storage, uploads, mail), starts nothing (main.ts starts the background work), builds the
 * service registry (services.ts), and registers the plugins (plugins.ts) and the routes (routes.ts).
 */
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
  const storage = createFileStore({ database, storage: createStorage(config), log: app.log });
  // Uploads arrive in temp files here (DATA_DIR/tmp/uploads), one folder per request, removed when it ends.
  const uploads = createUploadReceiver(path.join(config.dataDir, 'tmp', 'uploads'), {
    openFile: options.openUploadFile,
  });
  const signer = createUrlSigner(config.jwtSecret);
  const searchIndex = options.searchIndex ?? createSearchIndex(SEARCH_SOURCES);
  const tokens = createAccessTokens(config.jwtSecret, config.accessTokenTtlSeconds);
  const outbox = createMailOutbox(database);
  // Node's own metrics (event-loop lag and the like) run timers of their own: only when they can be read.
  const metrics = createMetrics(
    { pool: () => database.poolState(), mailQueue: () => outbox.waiting() },
    { processMetrics: config.metricsToken !== undefined },
  );
  measureRequests(app, metrics);
  const mailWorker = createConfiguredMailWorker(config, outbox, app.log, options.mailWorker, metrics);
  const services = createServices({
    config,
    database,
    storage,
    signer,
    searchIndex,
    outbox,
    mailWorker,
    tokens,
    log: app.log,
    eventsClock: options.eventsClock,
    metrics,
  });

  // Background work, created stopped: main.ts starts it, tests drive it with runOnce().
  const uploadSweeper = createUploadSweeper({
    files: storage,
    graceMinutes: config.uploadGraceMinutes,
    log: app.log,
    uploads,
    metrics,
  });
  const digestScheduler = createDigestScheduler({
    runner: services.digest,
    lease: createJobLease(database.db),
    mailWorker,
    log: app.log,
    options: options.digestScheduler,
  });
  const circularReminders = createCircularReminders({
    run: services.blog.runReminders,
    lease: createJobLease(database.db),
    mailWorker,
    log: app.log,
  });
  const eventReminders = createEventReminders({
    run: services.eventReminders,
    lease: createJobLease(database.db),
    mailWorker,
    log: app.log,
  });
  const notificationRetention = createNotificationRetention({
    db: database.db,
    lease: createJobLease(database.db),
    log: app.log,
  });
  // preClose: the mail in flight is marked sent and a digest run finishes its member's transaction before
  // anything closes the database.
  app.addHook('preClose', () => uploadSweeper.stop());
  app.addHook('preClose', () => mailWorker.stop());
  app.addHook('preClose', () => digestScheduler.stop());
  app.addHook('preClose', () => circularReminders.stop());
  app.addHook('preClose', () => eventReminders.stop());
  app.addHook('preClose', () => notificationRetention.stop());
  app.decorate('database', database);
  app.decorate('storage', storage);
  app.decorate('signer', signer);
  app.decorate('accounts', services.accounts);
  app.decorate('mailWorker', mailWorker);
  app.decorate('uploadSweeper', uploadSweeper);
  app.decorate('searchIndex', searchIndex);
  app.decorate('digestScheduler', digestScheduler);
  app.decorate('circularReminders', circularReminders);
  app.decorate('eventReminders', eventReminders);
  app.decorate('notificationRetention', notificationRetention);
  app.decorateRequest('principal', null);
  app.decorateRequest('sessionId', null);

  const counter = createSharedCounter(database.db);
  await registerPlugins(app, { config, answerCache, uploads, counter });
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
  const settings = publicSettings(config);
  await registerRoutes(app, {
    config,
    services,
    settings,
    health,
    tokens,
    counter,
    storage,
    signer,
    metrics,
  });
  await registerSpa(app, config.webDist, settings);
  return app;
}
