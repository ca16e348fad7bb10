import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API, MESSAGES, type TPublicSettings, ZHealth, ZPublicSettings } from '@portal/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { z } from 'zod';
import type { TConfig } from './config.ts';
import { type AccountsService, createAccountsService } from './features/accounts/accounts.service.ts';
import { authRoutes, externalLoginRoutes } from './features/auth/auth.routes.ts';
import { createAuthService } from './features/auth/auth.service.ts';
import { createAccessTokens } from './platform/auth/access-token.ts';
import { authenticate } from './platform/auth/guards.ts';
import { createDatabase, type Database } from './platform/db/database.ts';
import { HttpError, registerErrorHandlers } from './platform/http/errors.ts';
import { loggerOptions, requestIdOptions } from './platform/http/logging.ts';
import { registerSecurityHeaders } from './platform/http/security.ts';
import { registerSpa } from './platform/http/spa.ts';
import { filesRoutes } from './platform/storage/files.routes.ts';
import { createUrlSigner, type UrlSigner } from './platform/storage/signed-url.ts';
import { createStorage, type Storage } from './platform/storage/storage.ts';

z.config(z.locales.de());

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    accounts: AccountsService;
    storage: Storage;
    signer: UrlSigner;
  }
}

export interface BuildOptions {
  /** an open database to use instead of opening config.database; the caller closes it. */
  database?: Database;
  /** where log lines go (tests read them); default stdout. */
  logStream?: DestinationStream;
}

/** The whole HTTP application; main.ts listens with it, tests call app.inject(). */
export async function buildApp(config: TConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    ...requestIdOptions(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandlers(app);

  const database = options.database ?? createDatabase(config.database);
  if (!options.database) app.addHook('onClose', () => database.close());
  const accounts = createAccountsService(database.db);
  const tokens = createAccessTokens(config.jwtSecret, config.accessTokenTtlSeconds);
  const auth = createAuthService({ db: database.db, accounts, tokens, publicUrl: config.publicUrl });
  const storage = createStorage(config.storageUrl);
  const signer = createUrlSigner(config.jwtSecret);
  app.decorate('database', database);
  app.decorate('storage', storage);
  app.decorate('signer', signer);
  app.decorate('accounts', accounts);
  app.decorateRequest('principal', null);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await registerSecurityHeaders(app, config.hostOrigin);
  await app.register(formbody, { bodyLimit: 1024 * 1024 });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: config.uploadLimitBytes, files: 20, fields: 50, fieldSize: 1024 * 1024 },
    throwFileSizeLimit: true,
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new HttpError(429, MESSAGES.tooManyRequests),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Portal API', version: '1.0.0', description: 'API des Mitgliederportals (SPEC §7).' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const settings: TPublicSettings = {
    hostOrigin: config.hostOrigin ?? null,
    loginFormOrigins: config.loginFormOrigins,
    contactEmail: config.contactEmail,
  };
  app.get(
    API.health,
    { schema: { tags: ['platform'], response: { 200: ZHealth, 503: ZHealth } } },
    async (_req, reply) => {
      const up = await database.ping();
      return reply
        .status(up ? 200 : 503)
        .send({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' });
    },
  );
  app.get(
    '/api/settings',
    { schema: { tags: ['platform'], response: { 200: ZPublicSettings } } },
    async () => settings,
  );

  const routeOptions = {
    auth,
    externalApiKey: config.externalApiKey,
    loginFormOrigins: config.loginFormOrigins,
    rateLimitMax: config.rateLimitMax,
  };
  await app.register(externalLoginRoutes, routeOptions);
  // Every route registered in this context needs a valid access token unless it is marked public.
  await app.register(async (api) => {
    api.addHook('onRequest', authenticate({ tokens, principal: (id) => accounts.principal(id) }));
    await api.register(authRoutes, routeOptions);
    await api.register(filesRoutes, { storage, signer });
  });

  await registerSpa(app, config.webDist, settings);
  return app;
}
