import { ADMIN_API, ZAdminGroup } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/portal';

export const adminGroupKeys = {
  /** every admin screen's answers: members show their groups' names, the audit log the change */
  admin: ['admin'] as const,
  /** shared with the members screen's group choices (the same answer) */
  list: ['admin', 'groups'] as const,
};

/** GET /api/admin/groups: every group with its member count. */
function adminGroupsQuery() {
  return queryOptions({
    queryKey: adminGroupKeys.list,
    queryFn: ({ signal }) => api.get(ADMIN_API.groups, { schema: ZAdminGroup.array(), signal }),
  });
}

export function useAdminGroups() {
  return useQuery(adminGroupsQuery());
}
