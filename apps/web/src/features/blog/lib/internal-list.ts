import { isUserAdmin, type TProfile } from '@portal/contract';

/**
 * Whether the drawer offers 'FMK-Intern' (`/blog?ceo=true`): to members of an internal group, whose posts
 * that list holds, and to admins, who count as members of every group (docs/decisions/0024).
 */
export function seesInternalList(user: Pick<TProfile, 'roles' | 'groups'>): boolean {
  return isUserAdmin(user.roles) || user.groups.some((group) => group.internal);
}
