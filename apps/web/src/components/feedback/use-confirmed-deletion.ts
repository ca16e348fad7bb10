import { de } from '../../i18n/de';
import { useAlerts } from './alerts';
import { useConfirm } from './confirm';

/**
 * Asks 'Löschen?' with `text` first (SPEC §4, §8), then runs the deletion and shows `done`; true when it is
 * gone. A refused call has shown the red banner already (the API client).
 */
export function useConfirmedDeletion() {
  const confirm = useConfirm();
  const alerts = useAlerts();
  return async (text: string, run: () => Promise<unknown>, done: string): Promise<boolean> => {
    if (!(await confirm({ title: de.deletion.title, text, danger: true }))) return false;
    try {
      await run();
    } catch {
      return false;
    }
    alerts.success(done);
    return true;
  };
}
