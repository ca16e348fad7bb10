/**
 * Who may read a news post (ARCHITECTURE §4): the one rule of the blog lists, the post itself, the dashboard,
 * the digest and the search.
 */
import { type Expression, expressionBuilder, type SqlBool } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import { visibleTo } from '../../platform/auth/visibility.ts';
import type { DB } from '../../platform/db/schema.ts';

/** How a query reaches a post: its id, and its publication date where the query reads the post's row. */
interface PostRef {
  id: Expression<number>;
  publishedAt?: Expression<Date | string>;
}

/** Who reads which posts, and the rule as a condition over a post a query reaches. */
export interface PostReaders {
  /** the groups whose posts they read; 'all' for an admin */
  groupIds: readonly number[] | 'all';
  /** posts published after this are hidden from them; undefined: none are */
  publishedBy: Date | undefined;
  /** undefined where every post passes */
  where(post: PostRef): Expression<SqlBool> | undefined;
}

const eb = expressionBuilder<DB>();

/** The group part, for a post's id: shown to one of these groups. */
export function shownToOneOf(post: Expression<number>, groupIds: readonly number[]): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('blogPostGroups as vg')
      .select(eb.lit(1).as('one'))
      .where('vg.blogPostId', '=', post)
      .where('vg.groupId', 'in', groupIds),
  );
}

/**
 * An admin reads every post, scheduled ones too (unless `publishedOnly` asks for those published by `now` only:
 * the dashboard, the digest); anyone else the posts published by `now` that are shown to one of their groups.
 * A query that does not read the post's row (the search) finds the date by the post's id, in the narrow index
 * `blog_posts_published_by_id` (migration 0017), and checks the groups by the id alone, side by side: 0.6
 * against 0.74 ms on SQLite for the 1,000 newest posts with 'glas' (decision 0096).
 */
export function postReaders(
  principal: Principal,
  now: Date,
  options: { publishedOnly?: boolean } = {},
): PostReaders {
  const publishedBy = principal.isAdmin && !options.publishedOnly ? undefined : now;
  const published = (post: PostRef): Expression<SqlBool> =>
    post.publishedAt
      ? eb(post.publishedAt, '<=', now)
      : eb.exists(
          eb
            .selectFrom('blogPosts as p')
            .select(eb.lit(1).as('one'))
            .where('p.id', '=', post.id)
            .where('p.publishedAt', '<=', now),
        );
  return {
    groupIds: principal.isAdmin ? 'all' : principal.groupIds,
    publishedBy,
    where(post) {
      const conditions = publishedBy ? [published(post)] : [];
      if (!principal.isAdmin) conditions.push(visibleTo(principal, (ids) => shownToOneOf(post.id, ids)));
      return conditions.length === 0 ? undefined : eb.and(conditions);
    },
  };
}
