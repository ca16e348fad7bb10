import { hasRole, type TRole } from '@portal/contract';

/**
 * Who may read the forums (SPEC §2: /forum is for ROLE_USER; forums have no groups): the one rule of the
 * search, the digest and the reply mails. The routes ask the same role of the request (forums.routes.ts).
 */
export function readsForums(roles: readonly TRole[]): boolean {
  return hasRole(roles, 'ROLE_USER');
}
