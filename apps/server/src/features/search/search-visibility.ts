/**
 * Which documents a principal may open, over alias `d`, decided as the lists decide it: posts by group and
 * publication (admins: all, scheduled ones too), content items through a visible category, events and
 * forums for ROLE_USER (SPEC §2), the media library for admins. Uncorrelated `in (select …)`: the
 * database works out the visible posts and items once, not once per matching document (a table's rows).
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import { visibleTo } from '../../platform/auth/visibility.ts';

export function searchVisibility(
  principal: Principal,
  visibleCategories: readonly number[],
  now: Date,
): Expression<SqlBool> {
  const member = principal.roles.includes('ROLE_USER');
  const allowed: Expression<SqlBool>[] = [
    principal.isAdmin
      ? sql<SqlBool>`d.type = 'blog'`
      : sql<SqlBool>`d.type = 'blog' and d.source_id in (select p.id from blog_posts p
          where p.published_at <= ${now} and ${visibleTo(principal, { table: 'blog_post_groups', column: 'blog_post_id', ref: 'p.id' })})`,
  ];
  if (member && visibleCategories.length > 0) {
    allowed.push(sql<SqlBool>`d.type = 'content' and d.source_id in (select c.content_item_id
      from content_item_categories c where c.category_id in (${sql.join(visibleCategories)}))`);
  }
  if (member) allowed.push(sql<SqlBool>`d.type in ('event', 'forum')`);
  if (principal.isAdmin) allowed.push(sql<SqlBool>`d.type = 'media'`);
  return sql<SqlBool>`(${sql.join(allowed, sql`) or (`)})`;
}
