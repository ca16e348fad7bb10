import { type Expression, type SqlBool, sql } from 'kysely';
import type { Principal } from './principal.ts';

/** How an entity links to user groups: a join table holding `groupId` and the entity's key. */
export interface GroupLink {
  /** join table, camelCase as in the Kysely schema, e.g. 'blogPostGroups'. */
  table: string;
  /** column of the join table that holds the entity's id, e.g. 'blogPostId'. */
  column: string;
  /** the entity's id column in the outer query, e.g. 'blogPosts.id'. */
  ref: string;
}

/**
 * A WHERE condition that keeps only rows whose groups meet the principal's (ARCHITECTURE §4); admins see all.
 * The server filters, so the client never receives what its user may not see.
 */
export function visibleTo(principal: Principal, link: GroupLink): Expression<SqlBool> {
  if (principal.isAdmin) return sql<SqlBool>`1 = 1`;
  if (principal.groupIds.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`exists (select 1 from ${sql.table(link.table)} as vg where ${sql.ref(`vg.${link.column}`)} = ${sql.ref(link.ref)} and ${sql.ref('vg.groupId')} in (${sql.join(principal.groupIds)}))`;
}

/**
 * Names what a principal may see, for answers kept per audience (platform/cache/answer-cache.ts): admins
 * see all; members with the same groups (and the same groups marked internal) see the same.
 */
export function audienceOf(principal: Principal): string {
  if (principal.isAdmin) return 'admin';
  return principal.groups.map((group) => `${group.id}${group.internal ? 'i' : ''}`).join(',');
}
