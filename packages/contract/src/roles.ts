/** Roles of SPEC §6, ordered so that each role includes every role after it (ARCHITECTURE §4). */
export const ROLES = ['ROLE_ADMIN', 'ROLE_USER', 'ROLE_PARTNER'] as const;
export type TRole = (typeof ROLES)[number];

/** The roles a role grants, itself included: ROLE_ADMIN ⊃ ROLE_USER ⊃ ROLE_PARTNER. */
export function expandRoles(roles: readonly TRole[]): TRole[] {
  const highest = Math.min(...roles.map((role) => ROLES.indexOf(role)));
  return Number.isFinite(highest) ? ROLES.slice(highest) : [];
}

export function hasRole(roles: readonly TRole[], required: TRole): boolean {
  return expandRoles(roles).includes(required);
}

/** SPEC §6 'isUserAdmin': the role list holds ROLE_ADMIN. */
export function isUserAdmin(roles: readonly TRole[]): boolean {
  return roles.includes('ROLE_ADMIN');
}
