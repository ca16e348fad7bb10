import {
  ADMIN_API,
  ZAdminGroup,
  ZAdminGroupCreate,
  ZAdminGroupDeleteQuery,
  ZAdminGroupUpdate,
  ZAdminGroupUsage,
  ZApiError,
  ZIdParams,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireRole } from '../../platform/auth/guards.ts';
import { ROUTE_ERRORS } from '../../platform/http/errors.ts';
import type { AdminRoutesOptions } from './admin.routes.ts';

const tags = ['admin'];

/** The groups screen's API (issue 18); ROLE_ADMIN only. */
export const groupsRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, opts) => {
  const service = opts.admin.groups;
  const admin = requireRole('ROLE_ADMIN');

  app.route({
    method: 'GET',
    url: ADMIN_API.groups,
    onRequest: admin,
    schema: {
      tags,
      description:
        'Every group by name, with `internal`, `isDefault` and how many (not erased) members it has.',
      response: { 200: z.array(ZAdminGroup), ...ROUTE_ERRORS },
    },
    handler: () => service.list(),
  });

  app.route({
    method: 'POST',
    url: ADMIN_API.groups,
    onRequest: admin,
    schema: {
      tags,
      description:
        'Creates a group (201): `name` (unique, else 400), `internal` (its posts are listed under ' +
        "'FMK-Intern'), `isDefault` (preselected in forms). Audit entry `group.create`.",
      body: ZAdminGroupCreate,
      response: { 201: ZAdminGroup, ...ROUTE_ERRORS },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await service.create(principalOf(request), request.body)),
  });

  app.route({
    method: 'PATCH',
    url: ADMIN_API.group.pattern,
    onRequest: admin,
    schema: {
      tags,
      description:
        'Renames the group or sets `internal` and `isDefault`, the fields given. Audit entry `group.update` ' +
        'with what changed; members see the change from their next request on.',
      params: ZIdParams,
      body: ZAdminGroupUpdate,
      response: { 200: ZAdminGroup, ...ROUTE_ERRORS },
    },
    handler: (request) => service.update(principalOf(request), request.params.id, request.body),
  });

  app.route({
    method: 'GET',
    url: ADMIN_API.groupUsage.pattern,
    onRequest: admin,
    schema: {
      tags,
      description:
        'What would lose the group if it were deleted: how many members, posts and categories use it, and ' +
        'the first 20 posts (by title) and categories (by name).',
      params: ZIdParams,
      response: { 200: ZAdminGroupUsage, ...ROUTE_ERRORS },
    },
    handler: (request) => service.usage(request.params.id),
  });

  app.route({
    method: 'DELETE',
    url: ADMIN_API.group.pattern,
    onRequest: admin,
    schema: {
      tags,
      description:
        'Deletes the group (204). While members, posts or categories use it, only with `?confirm=true`; ' +
        'without, 409 and nothing changes. They lose the group; the audit entry `group.delete` records how ' +
        'many of each did.',
      params: ZIdParams,
      querystring: ZAdminGroupDeleteQuery,
      response: { 204: z.null(), ...ROUTE_ERRORS, 409: ZApiError },
    },
    handler: async (request, reply) => {
      await service.delete(principalOf(request), request.params.id, request.query.confirm);
      return reply.status(204).send(null);
    },
  });
};
