import { ADMIN_API, type TAdminGroupCreate, type TAdminGroupUpdate, ZAdminGroup } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/portal';
import { adminGroupKeys } from './get-groups';

type TGroupSave = { id: null; values: TAdminGroupCreate } | { id: number; values: TAdminGroupUpdate };

/** POST /api/admin/groups for a new group, PATCH /api/admin/groups/{id} with the changed fields. */
function saveGroup(save: TGroupSave) {
  return save.id === null
    ? api.post(ADMIN_API.groups, save.values, { schema: ZAdminGroup })
    : api.patch(ADMIN_API.group(save.id), save.values, { schema: ZAdminGroup });
}

/** The admin screens read again: the list is sorted by name, members show the new name, the log the change. */
export function useSaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminGroupKeys.admin }),
  });
}
