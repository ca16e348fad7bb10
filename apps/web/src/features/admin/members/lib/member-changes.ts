import {
  type TAdminMember,
  type TRole,
  ZMemberCompany,
  ZMemberEmail,
  ZMemberName,
  ZRoleName,
} from '@portal/contract';
import { z } from 'zod';

/** What the edit dialog holds: names, e-mail and company as texts ('' for none), group ids as strings. */
export interface MemberEditValues {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  role: TRole;
  groups: string[];
  disabled: boolean;
}

/** The contract's rules and German messages for e-mail and company, on the dialog's values. */
export const ZMemberEditForm = z.object({
  firstName: ZMemberName,
  lastName: ZMemberName,
  email: ZMemberEmail,
  company: ZMemberCompany,
  role: ZRoleName,
  groups: z.array(z.string()),
  disabled: z.boolean(),
});

/** The body of PATCH ADMIN_API.member: the changed fields only (null removes e-mail or company). */
export interface MemberChanges {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  company?: string | null;
  role?: TRole;
  groups?: number[];
  disabled?: boolean;
}

export function editValuesOf(member: TAdminMember): MemberEditValues {
  return {
    firstName: member.firstName ?? '',
    lastName: member.lastName ?? '',
    email: member.email ?? '',
    company: member.company ?? '',
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

/** A text field's value as the API keeps it: trimmed, null when empty. */
const textOrNull = (value: string) => value.trim() || null;

/**
 * Only what the admin changed goes to the server: another admin's change of another field meanwhile stays
 * (the last write wins per field). Null when nothing changed; the order of the groups does not count.
 */
export function memberChanges(member: TAdminMember, values: MemberEditValues): MemberChanges | null {
  const changes: MemberChanges = {};
  for (const field of ['firstName', 'lastName'] as const) {
    const name = textOrNull(values[field]);
    if (name !== (member[field] ?? null)) changes[field] = name;
  }
  const email = textOrNull(values.email);
  if (email !== member.email) changes.email = email;
  const company = textOrNull(values.company);
  if (company !== member.company) changes.company = company;
  if (values.role !== member.role) changes.role = values.role;
  const groups = groupIds(values.groups);
  if (!sameIds(groups, groupIds(member.groups.map((group) => String(group.id))))) changes.groups = groups;
  if (values.disabled !== member.disabled) changes.disabled = values.disabled;
  return Object.keys(changes).length === 0 ? null : changes;
}
