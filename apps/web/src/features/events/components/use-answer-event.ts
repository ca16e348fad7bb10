import type { TEvent } from '@portal/contract';
import { useAlerts } from '../../../components/feedback/alerts';
import { de } from '../../../i18n/de';
import { useSetEventStatus } from '../api/set-event-status';

/**
 * Attend or decline (SPEC §4) with the messages of SPEC §8: joining is a success banner, leaving is shown as
 * an error banner, as the spec words it. A waiting place (issue 35) is a success banner with its position.
 */
export function useAnswerEvent() {
  const mutation = useSetEventStatus();
  const alerts = useAlerts();

  async function answer(event: Pick<TEvent, 'id' | 'name'>, attend: boolean, guests = 0): Promise<void> {
    let updated: TEvent;
    try {
      updated = await mutation.mutateAsync({ event, attend, guests });
    } catch {
      return; // the API client has shown the error
    }
    if (attend && updated.myWaitlistPosition !== null) {
      alerts.success(de.events.waitlisted(event.name, updated.myWaitlistPosition));
    } else if (attend) alerts.success(de.events.joined(event.name));
    else alerts.error(de.events.left(event.name));
  }

  return { answer, pendingId: mutation.isPending ? (mutation.variables?.event.id ?? null) : null };
}
