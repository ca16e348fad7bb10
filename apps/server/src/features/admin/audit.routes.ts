import { ADMIN_API, AUDIT_PAGE_SIZE, ZAuditPage, ZAuditQuery } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../platform/auth/guards.ts';
import { ROUTE_ERRORS } from '../../platform/http/errors.ts';
import type { AdminRoutesOptions } from './admin.routes.ts';

/** The audit log's API (issue 18); ROLE_ADMIN only. */
export const auditRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, opts) => {
  const service = opts.admin.audit;

  app.route({
    method: 'GET',
    url: ADMIN_API.audit,
    onRequest: requireRole('ROLE_ADMIN'),
    schema: {
      tags: ['admin'],
      description:
        `The audit log, newest first, ${AUDIT_PAGE_SIZE} entries a page; \`before\` (the \`nextBefore\` of ` +
        'the previous page) continues after that entry. Filters: `actor` (a member id), `kind`, `from` and ' +
        '`to` (days YYYY-MM-DD in German time, both included). `actor` null: the host website or the shell. ' +
        "A member subject is named by their current username ('Ehemaliges Mitglied' once erased).",
      querystring: ZAuditQuery,
      response: { 200: ZAuditPage, ...ROUTE_ERRORS },
    },
    handler: (request) => service.page(request.query),
  });
};
