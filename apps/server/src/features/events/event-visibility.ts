import { hasRole, type TRole } from '@portal/contract';

/**
 * Who may open the events (SPEC §2: /event is for ROLE_USER; events have no groups, so every one of them sees
 * every event): the one rule of the search, the digest and the calendar feed. The routes ask the same role
 * of the request (events.routes.ts); the dashboard's next events are read by every logged-in role.
 */
export function readsEvents(roles: readonly TRole[]): boolean {
  return hasRole(roles, 'ROLE_USER');
}
