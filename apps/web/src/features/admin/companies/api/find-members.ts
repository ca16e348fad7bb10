import { ADMIN_API, ZAdminMembersPage } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { withQuery } from '../../../../lib/form-data';
import { api } from '../../../../lib/portal';
import { companyKeys } from './query-keys';

/** GET /api/admin/members?q: the first page of members matching what the admin typed (2 letters or more). */
export function useFindMembers(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: companyKeys.members(text),
    queryFn: ({ signal }) =>
      api.get(withQuery(ADMIN_API.members, { q: text }), { schema: ZAdminMembersPage, signal }),
    enabled: text.length >= 2,
    placeholderData: keepPreviousData,
  });
}
