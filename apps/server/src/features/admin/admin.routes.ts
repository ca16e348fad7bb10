import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminServices } from './admin-services.ts';
import { auditRoutes } from './audit.routes.ts';
import { groupsRoutes } from './groups.routes.ts';
import { membersRoutes } from './members.routes.ts';

export interface AdminRoutesOptions {
  admin: AdminServices;
}

/** Administration of members, groups and the audit log under /api/admin (issue 18); ROLE_ADMIN only. */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, opts) => {
  await app.register(membersRoutes, opts);
  await app.register(groupsRoutes, opts);
  await app.register(auditRoutes, opts);
};
