import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { GroupUsage } from '../../platform/registry/group-usage.ts';
import type { AccountsService } from '../accounts/index.ts';
import { auditRoutes } from './audit.routes.ts';
import { groupsRoutes } from './groups.routes.ts';
import { membersRoutes } from './members.routes.ts';

export interface AdminRoutesOptions {
  db: Kysely<DB>;
  accounts: Pick<AccountsService, 'changed' | 'groupsChanged' | 'hashPassword'>;
  /** whether the password form is offered anywhere (LOGIN_FORM_ORIGINS not empty): new members may get one */
  passwordAllowed: boolean;
  /** what of the features uses a group (src/modules.ts) */
  usage: GroupUsage;
}

/** Administration of members, groups and the audit log under /api/admin (issue 18); ROLE_ADMIN only. */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, opts) => {
  await app.register(membersRoutes, opts);
  await app.register(groupsRoutes, opts);
  await app.register(auditRoutes, opts);
};
