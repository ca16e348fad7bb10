import {
  type TAdminGroup,
  type TAdminMemberCreate,
  type TPublicSettings,
  type TRole,
  ZAdminMemberCreate,
  ZMemberCompany,
  ZMemberEmail,
  ZRoleName,
} from '@portal/contract';
import { z } from 'zod';
import { groupIds } from './member-changes';

/** What the 'Mitglied anlegen' dialog holds. */
export interface MemberCreateValues {
  username: string;
  email: string;
  company: string;
  role: TRole;
  groups: string[];
  password: string;
}

const { username, password } = ZAdminMemberCreate.shape;

/**
 * The contract's rules and German messages on the form's values: empty texts instead of null, group ids
 * as the checkboxes' strings, and an empty password for none (the member logs in through the website).
 */
export const ZMemberCreateForm = z.object({
  username,
  email: ZMemberEmail,
  company: ZMemberCompany,
  role: ZRoleName,
  groups: z.array(z.string()),
  password: z.union([z.literal(''), password.unwrap()]),
});

/** A new member starts as ROLE_USER in the default groups (those marked 'Standard'). */
export function createDefaults(groups: readonly TAdminGroup[]): MemberCreateValues {
  return {
    username: '',
    email: '',
    company: '',
    role: 'ROLE_USER',
    groups: groups.filter((group) => group.isDefault).map((group) => String(group.id)),
    password: '',
  };
}

/** The body of POST ADMIN_API.members: empty fields left out, the password only where it is offered. */
export function createBody(values: MemberCreateValues, withPassword: boolean): TAdminMemberCreate {
  const body: TAdminMemberCreate = {
    username: values.username.trim(),
    role: values.role,
    groups: groupIds(values.groups),
  };
  const mail = values.email.trim();
  if (mail !== '') body.email = mail;
  const firm = values.company.trim();
  if (firm !== '') body.company = firm;
  if (withPassword && values.password !== '') body.password = values.password;
  return body;
}

/**
 * The password field appears where the server accepts passwords: where the login page offers its form
 * (LOGIN_FORM_ORIGINS, none in production unless set). Elsewhere members come from the host website.
 */
export function offersPassword(settings: TPublicSettings): boolean {
  return settings.loginFormOrigins.length > 0;
}
