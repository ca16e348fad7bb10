import type { MembersQuery } from '../lib/members-query';

/** The admin screens' cached answers; a member's save changes the groups' member counts too. */
export const adminKeys = {
  all: ['admin'] as const,
  members: ['admin', 'members'] as const,
  membersPage: (query: MembersQuery) => ['admin', 'members', query] as const,
  groups: ['admin', 'groups'] as const,
  /** the member companies the list's company filter offers (issue 36 point 5) */
  companyChoices: (q: string) => ['admin', 'member-companies', q] as const,
  company: (id: number) => ['admin', 'member-companies', 'one', id] as const,
};
