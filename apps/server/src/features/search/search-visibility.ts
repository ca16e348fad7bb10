/**
 * Which documents a principal may open, per type, over alias `d`, decided as the lists decide it: posts by
 * group and publication (admins: all, scheduled ones too), content items through a visible category, events
 * and forums for ROLE_USER (SPEC §2), the media library for admins. A type the principal may not open at
 * all is missing. Each condition is checked per candidate (`exists`, by index): a search reads only a type's
 * newest matches, so this is cheaper than working out every visible post first. A post's publication date
 * comes from the narrow index `blog_posts_published_by_id` (migration 0017), not from its wide row.
 */
import type { TSearchType } from '@portal/contract';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import { visibleTo } from '../../platform/auth/visibility.ts';

/**
 * A member's post: published, and shown to one of their groups, checked side by side (the groups by the
 * post's id alone): 0.6 against 0.74 ms on SQLite for the 1,000 newest posts with 'glas' (decision 0096), the
 * same on PostgreSQL.
 */
function memberPost(principal: Principal, now: Date): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from blog_posts p where p.id = d.source_id and p.published_at <= ${now})
    and ${visibleTo(principal, { table: 'blog_post_groups', column: 'blog_post_id', ref: 'd.source_id' })}`;
}

export function searchVisibility(
  principal: Principal,
  visibleCategories: readonly number[],
  now: Date,
): Partial<Record<TSearchType, Expression<SqlBool> | 'all'>> {
  const member = principal.roles.includes('ROLE_USER');
  // the whole type: no check per candidate (search.repository.ts)
  const always = 'all';
  const allowed: Partial<Record<TSearchType, Expression<SqlBool> | 'all'>> = {
    blog: principal.isAdmin ? always : memberPost(principal, now),
  };
  if (member && visibleCategories.length > 0) {
    allowed.content = sql<SqlBool>`exists (select 1 from content_item_categories c
      where c.content_item_id = d.source_id and c.category_id in (${sql.join(visibleCategories)}))`;
  }
  if (member) {
    allowed.event = always;
    allowed.forum = always;
  }
  if (principal.isAdmin) allowed.media = always;
  return allowed;
}
