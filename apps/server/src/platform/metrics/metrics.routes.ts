import { createHash, timingSafeEqual } from 'node:crypto';
import { MESSAGES } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken } from '../auth/guards.ts';
import { timeoutKind } from '../db/database-errors.ts';
import type { Metrics } from './metrics.ts';

const METRICS_PATH = '/metrics';

/** Equal secrets, compared in constant time whatever their lengths (the digests are always 32 bytes). */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Times every request by its route template (Fastify's `routeOptions.url`, e.g. `/api/blog/:id`), never by the
 * address asked for; addresses without a route count as `unmatched`. Also counts the requests that ended
 * because the database took too long. Registered on the root before any route, so it sees them all.
 */
export function measureRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requestTook(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.addHook('onError', async (_request, _reply, error) => {
    const kind = timeoutKind(error);
    if (kind) metrics.databaseTimedOut(kind);
  });
}

/**
 * GET /metrics in Prometheus's text format: 404 unless METRICS_TOKEN is set, then only with
 * `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). Outside /api: it is for the operator's scraper,
 * not for members.
 */
export const metricsRoutes: FastifyPluginAsyncZod<{ metrics: Metrics; token: string | undefined }> = async (
  app,
  opts,
) => {
  const schema = {
    tags: ['platform'],
    description:
      "Prometheus metrics in the text format (README 'Metrics'). Exists only with METRICS_TOKEN (else 404) " +
      'and answers only to `Authorization: Bearer <METRICS_TOKEN>` (else 401); not a member token.',
  };
  app.get(METRICS_PATH, { schema }, async (request, reply) => {
    const { token } = opts;
    // Nothing here is for a cache: the counts change with every scrape, and refusals are no exception.
    reply.header('cache-control', 'no-store');
    if (!token) return reply.status(404).send({ detail: MESSAGES.notFound });
    const given = bearerToken(request);
    if (!given || !sameToken(given, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ detail: MESSAGES.unauthorized });
    }
    const text = await opts.metrics.scrape();
    return reply.header('content-type', opts.metrics.registry.contentType).send(text);
  });
};
