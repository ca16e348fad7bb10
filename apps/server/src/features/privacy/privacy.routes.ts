import { ACCOUNT_EXPORT_API, ADMIN_API, ZAccountExport, ZIdParams } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireRole } from '../../platform/auth/guards.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';
import { ROUTE_ERRORS } from '../../platform/http/errors.ts';
import type { PrivacyService } from './privacy.service.ts';

/** The file name of the own-data download. */
const EXPORT_FILENAME = 'meine-daten.json';

/**
 * Privacy (GDPR, issue 18): every logged-in member downloads their own data; an admin erases a member. Both in
 * the authenticated context of app.ts.
 */
export const privacyRoutes: FastifyPluginAsyncZod<{ privacy: PrivacyService }> = async (app, opts) => {
  const service = opts.privacy;

  app.route({
    method: 'GET',
    url: ACCOUNT_EXPORT_API,
    onRequest: requireRole('ROLE_PARTNER'),
    schema: {
      tags: ['privacy'],
      description:
        "The caller's own data as a JSON download (GDPR Art. 15 and 20; every logged-in role): profile " +
        '(username, email, company, role, createdAt, lastLoginAt), group names, event answers (attend/decline ' +
        'with the event), every forum post they wrote with its forum and thread (content as stored, HTML), ' +
        "notification settings (the defaults while none are saved) and followed threads. Never another member's " +
        'data. `Content-Disposition: attachment; filename="meine-daten.json"` (with `filename*`), ' +
        '`Cache-Control: private, no-store`.',
      response: { 200: ZAccountExport, 401: ROUTE_ERRORS[401], 403: ROUTE_ERRORS[403] },
    },
    handler: async (request, reply) => {
      const data = await service.exportOf(principalOf(request).id);
      return reply
        .header('Content-Disposition', attachmentDisposition(EXPORT_FILENAME))
        .header('Cache-Control', 'private, no-store')
        .send(data);
    },
  });

  app.route({
    method: 'DELETE',
    url: ADMIN_API.member.pattern,
    onRequest: requireRole('ROLE_ADMIN'),
    schema: {
      tags: ['admin', 'privacy'],
      params: ZIdParams,
      description:
        "Erases the member (GDPR Art. 17; ROLE_ADMIN) in one transaction: the account stays as 'Ehemaliges " +
        "Mitglied' (their forum posts, attachments and blog posts keep it as author), disabled, without e-mail, " +
        'company, password or login times; their username is free again, so a later login from the host ' +
        'website creates a fresh member. Deleted: group memberships, event answers, sessions and tokens, ' +
        'calendar feed tokens, notification settings, forum read markers and follows, mails to their address ' +
        'and their password-attempt counters. Their access tokens are refused at once. The audit log records ' +
        "`member.erase` with the counts of what was deleted, never the member's data. Answers 204 without a " +
        'body; 400 for oneself or a bad id, 404 for an unknown or already erased member.',
      response: { 204: z.null(), ...ROUTE_ERRORS },
    },
    handler: async (request, reply) => {
      await service.erase(principalOf(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  });
};
