import { NextEvents } from '../../events';

/** The place of SPEC §2 Dashboard "next events with accept/decline" (3 events, SPEC §9). */
export function UpcomingEventsSlot() {
  return <NextEvents />;
}
