import type { TAdminGroup, TAdminGroupUsage } from '@portal/contract';
import { useAlerts } from '../../../../components/feedback/alerts';
import { useConfirm } from '../../../../components/feedback/confirm';
import { de } from '../../../../i18n/de';
import { fetchGroupUsage, useDeleteGroup } from '../api/delete-group';
import { isInUse } from '../lib/group-usage';
import { GroupUsageText } from './group-usage-text';

const texts = de.adminGroups;

/**
 * Issue 18: asks what uses the group first. An unused group gets the usual 'Löschen?'; one in use a
 * confirmation listing what loses it, and is then deleted with `?confirm=true`. True when it is gone.
 */
export function useGroupDeletion() {
  const deletion = useDeleteGroup();
  const confirm = useConfirm();
  const alerts = useAlerts();
  return async (group: TAdminGroup): Promise<boolean> => {
    let usage: TAdminGroupUsage;
    try {
      usage = await fetchGroupUsage(group.id);
    } catch {
      return false;
    }
    const inUse = isInUse(usage);
    const confirmed = await confirm({
      title: de.deletion.title,
      text: inUse ? <GroupUsageText name={group.name} usage={usage} /> : texts.deletion.unused(group.name),
      danger: true,
    });
    if (!confirmed) return false;
    try {
      await deletion.mutateAsync({ id: group.id, confirmed: inUse });
    } catch {
      return false;
    }
    alerts.success(texts.deleted);
    return true;
  };
}
