/**
 * The HTTP plugins every route is registered behind: security headers, the kept answers' hooks, form and
 * multipart bodies, the NUL guard, shared rate limits and the OpenAPI document. buildApp registers them before
 * the routes (routes.ts), since their hooks act on the routes registered after them.
 */
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API, MESSAGES } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { TConfig } from './config.ts';
import type { AnswerCache } from './platform/cache/answer-cache.ts';
import { PUBLIC_BODY_LIMIT } from './platform/http/body-limits.ts';
import { HttpError } from './platform/http/errors.ts';
import { refuseNulCharacters } from './platform/http/nul-guard.ts';
import { registerSecurityHeaders } from './platform/http/security.ts';
import { type SharedCounter, sharedRateLimitStore } from './platform/http/shared-counter.ts';
import { registerMultipartBodies } from './platform/uploads/multipart-body.ts';
import type { UploadReceiver } from './platform/uploads/upload-receiver.ts';

export interface PluginDeps {
  config: TConfig;
  answerCache: AnswerCache;
  uploads: UploadReceiver;
  counter: SharedCounter;
}

export async function registerPlugins(app: FastifyInstance, deps: PluginDeps): Promise<void> {
  const { config, uploads } = deps;
  registerSecurityHeaders(app, { hostOrigin: config.hostOrigin, publicUrl: config.publicUrl });
  deps.answerCache.register(app);
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
  await app.register(rateLimit, {
    global: false,
    // Counted in the database, so that all instances share one count (PostgreSQL scale-out).
    store: sharedRateLimitStore(deps.counter),
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
}
