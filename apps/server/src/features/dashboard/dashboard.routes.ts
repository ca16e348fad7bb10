import { DASHBOARD_API, ZApiError, ZDashboardIntro, ZDashboardIntroInput } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '../../platform/auth/guards.ts';
import type { DashboardService } from './dashboard.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError };
const tags = ['dashboard'];

/** The dashboard's intro text: every logged-in role reads it (SPEC §2: ROLE_PARTNER), admins edit it inline. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (app, opts) => {
  const service = opts.dashboard;

  app.route({
    method: 'GET',
    url: DASHBOARD_API.intro,
    onRequest: requireRole('ROLE_PARTNER'),
    schema: {
      tags,
      description:
        "`{ html }`: the sanitised intro text of the caller: partners (ROLE_PARTNER alone) get the partners' " +
        "text, everyone else the members'; a German welcome text until an admin saves one. Admins get both, " +
        "the partners' as `partnerHtml`.",
      response: { 200: ZDashboardIntro, ...errors },
    },
    handler: (request) => service.intro(principalOf(request)),
  });

  app.route({
    method: 'PUT',
    url: DASHBOARD_API.intro,
    onRequest: requireRole('ROLE_ADMIN'),
    schema: {
      tags,
      description:
        'Body `{ html, audience? }`: stores the text of `members` (default) or `partners` sanitised (an empty ' +
        'editor stores an empty intro); answers both texts as GET does for admins.',
      body: ZDashboardIntroInput,
      response: { 200: ZDashboardIntro, ...errors },
    },
    handler: (request) => service.saveIntro(request.body.html, request.body.audience),
  });
};
