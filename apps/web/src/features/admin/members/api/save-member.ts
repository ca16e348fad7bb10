import { ADMIN_API, type TAdminMemberCreate, ZAdminMember } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/portal';
import type { MemberChanges } from '../lib/member-changes';
import { adminKeys } from './query-keys';

/** After any change of a member: the lists and the groups' member counts are read again. */
function useRefreshAdmin() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.members }),
      queryClient.invalidateQueries({ queryKey: adminKeys.groups }),
    ]);
}

/** PATCH /api/admin/members/{id} with the changed fields only; answers the member as saved. */
export function useUpdateMember() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: MemberChanges }) =>
      api.patch(ADMIN_API.member(id), changes, { schema: ZAdminMember }),
    onSuccess: refresh,
  });
}

/** POST /api/admin/members. */
export function useCreateMember() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (body: TAdminMemberCreate) => api.post(ADMIN_API.members, body, { schema: ZAdminMember }),
    onSuccess: refresh,
  });
}

/** DELETE /api/admin/members/{id}: erases the member (GDPR). */
export function useEraseMember() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (id: number) => api.delete(ADMIN_API.member(id)),
    onSuccess: refresh,
  });
}
