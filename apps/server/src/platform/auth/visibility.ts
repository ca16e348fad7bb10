import { type Expression, type SqlBool, sql } from 'kysely';
import type { Principal } from './principal.ts';

/**
 * The group rule (ARCHITECTURE §4) as a WHERE condition: admins see everything, anyone else what is shown to
 * one of their groups, nothing without groups. `shownTo` is the feature's own typed condition "shown to one of
 * these groups" over its join table. The server filters, so the client never receives what its user may not
 * see.
 */
export function visibleTo(
  principal: Principal,
  shownTo: (groupIds: readonly number[]) => Expression<SqlBool>,
): Expression<SqlBool> {
  if (principal.isAdmin) return sql<SqlBool>`1 = 1`;
  if (principal.groupIds.length === 0) return sql<SqlBool>`1 = 0`;
  return shownTo(principal.groupIds);
}

/**
 * Names what a principal may see, for answers kept per audience (platform/cache/answer-cache.ts): admins
 * see all; members with the same groups (and the same groups marked internal) see the same.
 */
export function audienceOf(principal: Principal): string {
  if (principal.isAdmin) return 'admin';
  return principal.groups.map((group) => `${group.id}${group.internal ? 'i' : ''}`).join(',');
}
