import { API, ZHealth } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthCheck } from './health-check.ts';

/** GET /api/health: outside the authenticated context, for load balancers and operators. */
export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthCheck }> = async (app, opts) => {
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
      const result = await opts.health.check();
      return reply.status(result.status === 'down' ? 503 : 200).send(result);
    },
  );
};
