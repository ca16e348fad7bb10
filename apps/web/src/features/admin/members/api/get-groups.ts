import { ADMIN_API, ZAdminGroup } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../../lib/portal';
import { adminKeys } from './query-keys';

/** GET /api/admin/groups: every group with its flags and member count (filter and form choices). */
function groupsQuery() {
  return queryOptions({
    queryKey: adminKeys.groups,
    queryFn: ({ signal }) => api.get(ADMIN_API.groups, { schema: z.array(ZAdminGroup), signal }),
  });
}

export function useAdminGroups() {
  return useQuery(groupsQuery());
}
