import {
  ADMIN_API,
  ADMIN_MEMBERS_PAGE_SIZE,
  ADMIN_MESSAGES,
  ZAdminMember,
  ZAdminMemberCreate,
  ZAdminMembersPage,
  ZAdminMembersQuery,
  ZAdminMemberUpdate,
  ZApiError,
  ZIdParams,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireRole } from '../../platform/auth/guards.ts';
import { PasswordQueueFullError } from '../../platform/auth/password-queue.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';
import { ROUTE_ERRORS } from '../../platform/http/errors.ts';
import type { AdminRoutesOptions } from './admin.routes.ts';
import { filterOf } from './members.service.ts';

const tags = ['admin'];
const ZMembersFilter = ZAdminMembersQuery.omit({ page: true });
const SORTS =
  '`sort`: `username` (the default) or `company` (company name, then person name as shown; members without ' +
  'a company last).';

/** The members screen's API (issue 18); ROLE_ADMIN only. */
export const membersRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, opts) => {
  const service = opts.admin.members;
  const admin = requireRole('ROLE_ADMIN');

  app.route({
    method: 'GET',
    url: ADMIN_API.members,
    onRequest: admin,
    schema: {
      tags,
      description:
        `One page of ${ADMIN_MEMBERS_PAGE_SIZE} members with the total. \`q\` finds username, e-mail, ` +
        'company text and name by any part, in any case; `role`, `group` (an id: its members), `disabled` ' +
        "(`true`/`false`) and `company` (a member company's id, or `none`: the members of no company) " +
        `filter. ${SORTS} Each member carries \`memberCompany\` ({ id, name } or null) beside the account's ` +
        'company text; sorted by company, `companies` lists the companies of the page in its order, each with ' +
        'the number of members of the whole list in it (company null: without a company). Erased members are ' +
        'never listed. `lastLoginAt` null: never logged in.',
      querystring: ZAdminMembersQuery,
      response: { 200: ZAdminMembersPage, ...ROUTE_ERRORS },
    },
    handler: (request) => service.list(request.query),
  });

  app.route({
    method: 'GET',
    url: ADMIN_API.membersCsv,
    onRequest: admin,
    schema: {
      tags,
      description:
        'Every member of the same filters and order as the list (no paging) as a CSV download ' +
        '`mitglieder.csv`: UTF-8 with BOM, `;`, CRLF; columns Benutzername, E-Mail, Firma (the member ' +
        "company, else the account's company text), Rolle, Gruppen, Letzte Anmeldung (German time), " +
        'Gesperrt (ja/nein). ' +
        `${SORTS} Cells starting with =, +, -, @, tab or CR are prefixed with '.`,
      querystring: ZMembersFilter,
      response: { 200: z.any(), ...ROUTE_ERRORS },
    },
    handler: async (request, reply) => {
      const data = await opts.admin.membersCsv(filterOf(request.query), request.query.sort);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', attachmentDisposition('mitglieder.csv'))
        .header('Cache-Control', 'private, no-store')
        .send(data);
    },
  });

  app.route({
    method: 'GET',
    url: ADMIN_API.member.pattern,
    onRequest: admin,
    schema: {
      tags,
      description: 'One member as in the list; 404 for an unknown or erased member.',
      params: ZIdParams,
      response: { 200: ZAdminMember, ...ROUTE_ERRORS },
    },
    handler: (request) => service.byId(request.params.id),
  });

  app.route({
    method: 'POST',
    url: ADMIN_API.members,
    onRequest: admin,
    schema: {
      tags,
      description:
        "Creates a member (201): `username` (unique in any case), optional `email` (no other member's, in " +
        'any case: else 400), `company`, `role` ' +
        '(default ROLE_USER), `groups` (ids). `password` only where the password form is offered ' +
        '(LOGIN_FORM_ORIGINS not empty), else 400. The audit entry `member.create` records role and groups, ' +
        'never name, e-mail or company. 503 with Retry-After while too many passwords are being hashed.',
      body: ZAdminMemberCreate,
      response: { 201: ZAdminMember, ...ROUTE_ERRORS, 503: ZApiError },
    },
    handler: async (request, reply) => {
      try {
        const member = await service.create(principalOf(request), request.body);
        return reply.status(201).send(member);
      } catch (error) {
        if (!(error instanceof PasswordQueueFullError)) throw error;
        return reply
          .status(503)
          .header('retry-after', String(error.retryAfterSeconds))
          .send({ detail: ADMIN_MESSAGES.passwordBusy });
      }
    },
  });

  app.route({
    method: 'PATCH',
    url: ADMIN_API.member.pattern,
    onRequest: admin,
    schema: {
      tags,
      description:
        'Changes `email`, `company` (empty or null: none), `role`, `groups` (ids, replacing the list) and ' +
        '`disabled`, the fields given; the last write wins. An address another member has, in any case, ' +
        'answers 400. One audit entry per aspect that changed (`member.contact` naming the fields but not ' +
        'their values, `member.role`, `member.groups` by group names, `member.disabled`). A disabled member ' +
        'is refused (401) from their next request on, sessions included. An admin cannot disable themself or ' +
        "give up their own ROLE_ADMIN (400). The host website's next login of the member sets e-mail and " +
        'company again when it sends them.',
      params: ZIdParams,
      body: ZAdminMemberUpdate,
      response: { 200: ZAdminMember, ...ROUTE_ERRORS },
    },
    handler: (request) => service.update(principalOf(request), request.params.id, request.body),
  });
};
