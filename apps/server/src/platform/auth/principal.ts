import { expandRoles, isUserAdmin, type TProfile, type TRole, type TUserGroup } from '@portal/contract';

/** The logged-in user as every guard and service sees it. */
export interface Principal {
  id: number;
  username: string;
  email: string | null;
  company: string | null;
  /** effective roles, expanded along the hierarchy. */
  roles: TRole[];
  groups: TUserGroup[];
  groupIds: number[];
  isAdmin: boolean;
  disabled: boolean;
}

export function buildPrincipal(
  user: {
    id: number;
    username: string;
    email: string | null;
    company: string | null;
    role: string;
    disabled: boolean;
  },
  groups: TUserGroup[],
): Principal {
  const roles = expandRoles([user.role as TRole]);
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    company: user.company,
    roles,
    groups,
    groupIds: groups.map((group) => group.id),
    isAdmin: isUserAdmin(roles),
    disabled: user.disabled,
  };
}

export function toProfile(principal: Principal): TProfile {
  const { id, username, email, company, roles, groups } = principal;
  return { id, username, email, company, roles, groups };
}
