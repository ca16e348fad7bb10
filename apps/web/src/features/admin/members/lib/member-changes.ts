import type { TAdminMember, TRole } from '@portal/contract';

/** What the edit dialog holds: group ids as the multi-select's strings. */
export interface MemberEditValues {
  role: TRole;
  groups: string[];
  disabled: boolean;
}

/** The body of PATCH ADMIN_API.member: the changed fields only. */
export interface MemberChanges {
  role?: TRole;
  groups?: number[];
  disabled?: boolean;
}

export function editValuesOf(member: TAdminMember): MemberEditValues {
  return {
    role: member.role,
    groups: member.groups.map((group) => String(group.id)),
    disabled: member.disabled,
  };
}

export function groupIds(values: readonly string[]): number[] {
  return [...new Set(values.map(Number))].sort((a, b) => a - b);
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

/**
 * Only what the admin changed goes to the server: another admin's change of another field meanwhile stays
 * (the last write wins per field). Null when nothing changed; the order of the groups does not count.
 */
export function memberChanges(member: TAdminMember, values: MemberEditValues): MemberChanges | null {
  const changes: MemberChanges = {};
  if (values.role !== member.role) changes.role = values.role;
  const groups = groupIds(values.groups);
  if (!sameIds(groups, groupIds(member.groups.map((group) => String(group.id))))) changes.groups = groups;
  if (values.disabled !== member.disabled) changes.disabled = values.disabled;
  return Object.keys(changes).length === 0 ? null : changes;
}
