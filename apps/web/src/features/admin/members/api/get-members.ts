import { ADMIN_API, ZAdminMembersPage } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { withQuery } from '../../../../lib/form-data';
import { api } from '../../../../lib/portal';
import { apiMembersQuery, type MembersQuery } from '../lib/members-query';
import { adminKeys } from './query-keys';

/** GET /api/admin/members?page&q&role&group&disabled: one page of members and the total. */
function membersQuery(query: MembersQuery) {
  return queryOptions({
    queryKey: adminKeys.membersPage(query),
    queryFn: ({ signal }) =>
      api.get(withQuery(ADMIN_API.members, apiMembersQuery(query)), { schema: ZAdminMembersPage, signal }),
  });
}

/** Keeps the previous page on screen while the next one loads, so paging and typing do not flash. */
export function useMembers(query: MembersQuery) {
  return useQuery({ ...membersQuery(query), placeholderData: keepPreviousData });
}
