import { type ExpressionBuilder, type Kysely, type Selectable, sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { BlogPostsTable, DB } from '../../platform/db/schema.ts';

export type BlogPostRow = Selectable<BlogPostsTable> & { authorName: string | null };

/** Which posts a query keeps. `groups`: 'any' keeps all, `{ ids }` the posts with one of these groups. */
export interface BlogFilter {
  groups: 'any' | { ids: readonly number[] };
  /** posts published at or before this moment; undefined keeps scheduled posts too. */
  publishedBy?: Date | undefined;
  tag?: string | undefined;
  dashboardOnly?: boolean;
  id?: number;
}

export interface BlogPostValues {
  title: string;
  preText: string;
  content: string;
  imageKey: string | null;
  imageName: string | null;
  publishedAt: Date;
  displayOnDashboard: boolean;
}

type PostsEb = ExpressionBuilder<DB, 'blogPosts'>;

function matches(eb: PostsEb, filter: BlogFilter) {
  const conditions = [];
  const { groups } = filter;
  if (groups !== 'any') {
    conditions.push(
      groups.ids.length === 0
        ? sql<boolean>`1 = 0`
        : eb.exists(
            eb
              .selectFrom('blogPostGroups')
              .select(sql.lit(1).as('one'))
              .whereRef('blogPostGroups.blogPostId', '=', 'blogPosts.id')
              .where('blogPostGroups.groupId', 'in', groups.ids),
          ),
    );
  }
  if (filter.id !== undefined) conditions.push(eb('blogPosts.id', '=', filter.id));
  if (filter.publishedBy) conditions.push(eb('blogPosts.publishedAt', '<=', filter.publishedBy));
  if (filter.dashboardOnly) conditions.push(eb('blogPosts.displayOnDashboard', '=', true));
  if (filter.tag !== undefined) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom('blogPostTags')
          .select(sql.lit(1).as('one'))
          .whereRef('blogPostTags.blogPostId', '=', 'blogPosts.id')
          .where('blogPostTags.tag', '=', filter.tag),
      ),
    );
  }
  return eb.and(conditions);
}

export function createBlogRepository(db: Kysely<DB>) {
  const posts = (executor: Executor) =>
    executor
      .selectFrom('blogPosts')
      .leftJoin('users', 'users.id', 'blogPosts.authorId')
      .selectAll('blogPosts')
      .select('users.username as authorName');

  return {
    /** Newest first; the id orders posts published at the same moment. */
    list(filter: BlogFilter, offset: number, limit: number): Promise<BlogPostRow[]> {
      return posts(db)
        .where((eb) => matches(eb, filter))
        .orderBy('blogPosts.publishedAt', 'desc')
        .orderBy('blogPosts.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
    },

    async count(filter: BlogFilter): Promise<number> {
      const row = await db
        .selectFrom('blogPosts')
        .where((eb) => matches(eb, filter))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * The tags of the posts the filter keeps, sorted. Per distinct tag (few) the first post that has it and
     * passes the filter ends the search, instead of reading every post of the list.
     */
    async tagsOf(filter: BlogFilter): Promise<string[]> {
      const rows = await db
        .selectFrom((eb) => eb.selectFrom('blogPostTags').select('tag').distinct().as('used'))
        .select('used.tag')
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('blogPostTags')
              .innerJoin('blogPosts', 'blogPosts.id', 'blogPostTags.blogPostId')
              .select(sql.lit(1).as('one'))
              .whereRef('blogPostTags.tag', '=', 'used.tag')
              .where((inner) => matches(inner, filter)),
          ),
        )
        .orderBy('used.tag')
        .execute();
      return rows.map((row) => row.tag);
    },

    find(executor: Executor, id: number): Promise<BlogPostRow | undefined> {
      return posts(executor).where('blogPosts.id', '=', id).executeTakeFirst();
    },

    async groupsOf(ids: readonly number[], executor: Executor = db): Promise<Map<number, number[]>> {
      const result = new Map<number, number[]>();
      if (ids.length === 0) return result;
      const rows = await executor
        .selectFrom('blogPostGroups')
        .select(['blogPostId', 'groupId'])
        .where('blogPostId', 'in', ids)
        .orderBy('groupId')
        .execute();
      for (const row of rows)
        result.set(row.blogPostId, [...(result.get(row.blogPostId) ?? []), row.groupId]);
      return result;
    },

    async tagsOfPosts(ids: readonly number[], executor: Executor = db): Promise<Map<number, string[]>> {
      const result = new Map<number, string[]>();
      if (ids.length === 0) return result;
      const rows = await executor
        .selectFrom('blogPostTags')
        .select(['blogPostId', 'tag'])
        .where('blogPostId', 'in', ids)
        .orderBy('tag')
        .execute();
      for (const row of rows) result.set(row.blogPostId, [...(result.get(row.blogPostId) ?? []), row.tag]);
      return result;
    },

    async insert(executor: Executor, values: BlogPostValues & { authorId: number }): Promise<number> {
      const now = new Date();
      const row = await executor
        .insertInto('blogPosts')
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Notes that the post's breaking news is queued now, unless it was less than `repeatMinutes` ago; false
     * then. One conditional UPDATE: of two presses at once, the second waits for the first's row lock and
     * then finds the fresh time.
     */
    async claimBreakingNews(
      executor: Executor,
      id: number,
      now: Date,
      repeatMinutes: number,
    ): Promise<boolean> {
      const since = new Date(now.getTime() - repeatMinutes * 60_000);
      const result = await executor
        .updateTable('blogPosts')
        .set({ breakingNewsAt: now })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('breakingNewsAt', 'is', null), eb('breakingNewsAt', '<=', since)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async update(executor: Executor, id: number, values: BlogPostValues): Promise<void> {
      await executor
        .updateTable('blogPosts')
        .set({ ...values, updatedAt: new Date() })
        .where('id', '=', id)
        .execute();
    },

    async replaceGroups(executor: Executor, id: number, groupIds: readonly number[]): Promise<void> {
      await executor.deleteFrom('blogPostGroups').where('blogPostId', '=', id).execute();
      if (groupIds.length === 0) return;
      await executor
        .insertInto('blogPostGroups')
        .values(groupIds.map((groupId) => ({ blogPostId: id, groupId })))
        .execute();
    },

    async replaceTags(executor: Executor, id: number, tags: readonly string[]): Promise<void> {
      await executor.deleteFrom('blogPostTags').where('blogPostId', '=', id).execute();
      if (tags.length === 0) return;
      await executor
        .insertInto('blogPostTags')
        .values(tags.map((tag) => ({ blogPostId: id, tag })))
        .execute();
    },

    async delete(executor: Executor, id: number): Promise<void> {
      await executor.deleteFrom('blogPosts').where('id', '=', id).execute();
    },
  };
}
