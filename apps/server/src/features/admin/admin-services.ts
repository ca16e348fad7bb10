import type { TMembersSort } from '@portal/contract';
import { createAuditService } from './audit.service.ts';
import { createGroupsService, type GroupsDeps } from './groups.service.ts';
import type { MemberFilter } from './members.repository.ts';
import { createMembersService, type MembersDeps } from './members.service.ts';
import { membersCsv } from './members-csv.ts';

export type AdminDeps = MembersDeps & GroupsDeps;

/** The administration's services (issue 18): members, groups and the audit log. */
export function createAdminServices(deps: AdminDeps) {
  return {
    members: createMembersService(deps),
    /** every member of a filter (no paging) as the CSV download, in the list's order */
    membersCsv: (filter: MemberFilter, sort?: TMembersSort) => membersCsv(deps.db, filter, sort),
    groups: createGroupsService(deps),
    audit: createAuditService(deps.db),
  };
}

export type AdminServices = ReturnType<typeof createAdminServices>;
