import type { MembersQuery } from '../lib/members-query';

/** The admin screens' cached answers; a member's save changes the groups' member counts too. */
export const adminKeys = {
  all: ['admin'] as const,
  members: ['admin', 'members'] as const,
  membersPage: (query: MembersQuery) => ['admin', 'members', query] as const,
  groups: ['admin', 'groups'] as const,
};
