/** Addresses of the event route (SPEC §2: /event/:id?). */
export const EVENTS_PATH = '/event';

export function eventPath(id: number): string {
  return `${EVENTS_PATH}/${id}`;
}
