import { ROLE_NAMES, type TAdminMember, type TRole } from '@portal/contract';
import { de } from '../../../../i18n/de';
import { formatDateTime } from '../../../../lib/formatting';

const texts = de.adminMembers;

/** 'Administrator', 'Mitglied', 'Partner' */
export function roleName(role: TRole): string {
  return ROLE_NAMES[role];
}

/** 'Mitglieder, Partner' or 'keine' */
export function groupNames(member: TAdminMember): string {
  return member.groups.length === 0 ? texts.noGroups : member.groups.map((group) => group.name).join(', ');
}

/** '24.12.2026, 18:30 Uhr' in German time, or 'noch nie' */
export function lastLogin(member: TAdminMember): string {
  return member.lastLoginAt ? formatDateTime(member.lastLoginAt) : texts.never;
}
