import { ADMIN_API, type TAdminGroup, ZAdminGroupUsage } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/portal';
import { adminGroupKeys } from './get-groups';

/** GET /api/admin/groups/{id}/usage: what would lose the group, asked right before deleting. */
export function fetchGroupUsage(id: number) {
  return api.get(ADMIN_API.groupUsage(id), { schema: ZAdminGroupUsage });
}

interface GroupDeletion {
  id: number;
  /** The member confirmed that members, posts and categories lose the group (`?confirm=true`). */
  confirmed: boolean;
}

/** DELETE /api/admin/groups/{id}; a group still in use only with `?confirm=true`. */
function deleteGroup({ id, confirmed }: GroupDeletion) {
  return api.delete<unknown>(`${ADMIN_API.group(id)}${confirmed ? '?confirm=true' : ''}`);
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: (_result, { id }) => {
      queryClient.setQueryData<TAdminGroup[]>(adminGroupKeys.list, (list) =>
        list?.filter((group) => group.id !== id),
      );
      return queryClient.invalidateQueries({ queryKey: adminGroupKeys.admin });
    },
  });
}
