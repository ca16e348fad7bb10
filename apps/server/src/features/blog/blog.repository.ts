import { type ExpressionBuilder, type Kysely, type Selectable, sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { BlogPostsTable, DB } from '../../platform/db/schema.ts';
import { createBlogLists, type ListAudiences } from './blog-lists.ts';
import { type PostReaders, shownToOneOf } from './post-visibility.ts';

export type BlogPostRow = Selectable<BlogPostsTable> & {
  authorName: string | null;
  authorFirstName: string | null;
  authorLastName: string | null;
  authorPhotoKey: string | null;
};
/** The author's columns beside a post's: their username, name and photo (issue 36 point 6). */
const AUTHOR = [
  'users.username as authorName',
  'users.firstName as authorFirstName',
  'users.lastName as authorLastName',
  'users.photoKey as authorPhotoKey',
] as const;

/** Which posts a query keeps. */
export interface BlogFilter {
  /** who reads them (post-visibility.ts) */
  readers?: PostReaders;
  /** the posts shown to one of these groups (a list's kind: FMK-Intern or not) */
  groups?: { ids: readonly number[] } | undefined;
  tag?: string | undefined;
  dashboardOnly?: boolean;
  id?: number;
  /** circulars only (issue 34) */
  circularOnly?: boolean;
}

export interface BlogPostValues {
  title: string;
  preText: string;
  content: string;
  imageKey: string | null;
  imageName: string | null;
  publishedAt: Date;
  displayOnDashboard: boolean;
  /** issue 34; a new post without them asks for no confirmation */
  confirmationRequired?: boolean;
  confirmBy?: string | null;
}

type PostsEb = ExpressionBuilder<DB, 'blogPosts'>;

function matches(eb: PostsEb, filter: BlogFilter) {
  const conditions = [];
  const post = { id: eb.ref('blogPosts.id'), publishedAt: eb.ref('blogPosts.publishedAt') };
  const readable = filter.readers?.where(post);
  if (readable) conditions.push(readable);
  if (filter.groups) {
    conditions.push(
      filter.groups.ids.length === 0 ? sql<boolean>`1 = 0` : shownToOneOf(post.id, filter.groups.ids),
    );
  }
  if (filter.id !== undefined) conditions.push(eb('blogPosts.id', '=', filter.id));
  if (filter.dashboardOnly) conditions.push(eb('blogPosts.displayOnDashboard', '=', true));
  if (filter.circularOnly) conditions.push(eb('blogPosts.circularNumber', 'is not', null));
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

/** One page of a list: the posts of these audiences, newest first. */
interface ListPage {
  audiences: ListAudiences;
  /** posts published at or before this moment; undefined keeps scheduled posts too. */
  publishedBy?: Date | undefined;
  tag?: string | undefined;
}

export function createBlogRepository(db: Kysely<DB>) {
  const lists = createBlogLists();
  const posts = (executor: Executor) =>
    executor
      .selectFrom('blogPosts')
      .leftJoin('users', 'users.id', 'blogPosts.authorId')
      .selectAll('blogPosts')
      .select(AUTHOR);

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

    /** How many posts the filter keeps. */
    async count(filter: BlogFilter): Promise<number> {
      const row = await db
        .selectFrom('blogPosts')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where((eb) => matches(eb, filter))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** These posts, in no order. */
    byIds(ids: readonly number[]): Promise<BlogPostRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return posts(db).where('blogPosts.id', 'in', ids).execute();
    },

    /** The posts' PDF attachments (issue 34), in their order. */
    async attachmentsOf(ids: readonly number[], executor: Executor = db) {
      const result = new Map<number, { id: number; fileName: string; size: number; storageKey: string }[]>();
      if (ids.length === 0) return result;
      const rows = await executor
        .selectFrom('blogPostAttachments')
        .select(['id', 'blogPostId', 'fileName', 'size', 'storageKey'])
        .where('blogPostId', 'in', ids)
        .orderBy('position')
        .execute();
      for (const row of rows) result.set(row.blogPostId, [...(result.get(row.blogPostId) ?? []), row]);
      return result;
    },

    /**
     * A page of a list, newest first: `limit` posts after `offset` counted `from` the newest or the oldest end.
     * Its ids come from `blog_posts_list_idx` alone (publication order with the audience: on page 500 of 800
     * some 3,000 index entries from the oldest end, no post), then only these posts are read.
     */
    async page(
      list: ListPage,
      offset: number,
      limit: number,
      from: 'newest' | 'oldest' = 'newest',
    ): Promise<BlogPostRow[]> {
      const { included, excluded } = list.audiences;
      if (included.length === 0 || limit <= 0) return [];
      const direction = from === 'newest' ? 'desc' : 'asc';
      // a short list of values is checked faster for each index entry (SQLite: 13 values cost twice 1)
      let ids = db
        .selectFrom('blogPosts as l')
        .select('l.id')
        .where((eb) =>
          excluded === undefined || included.length <= excluded.length
            ? eb('l.audienceId', 'in', included)
            : excluded.length === 0
              ? eb('l.audienceId', 'is not', null)
              : eb.and([eb('l.audienceId', 'is not', null), eb('l.audienceId', 'not in', excluded)]),
        )
        .orderBy('l.publishedAt', direction)
        .orderBy('l.id', direction)
        .offset(offset)
        .limit(limit);
      if (list.publishedBy) ids = ids.where('l.publishedAt', '<=', list.publishedBy);
      const { tag } = list;
      if (tag !== undefined) {
        ids = ids.where((eb) =>
          eb.exists(
            eb
              .selectFrom('blogPostTags as t')
              .select(sql.lit(1).as('one'))
              .whereRef('t.blogPostId', '=', 'l.id')
              .where('t.tag', '=', tag),
          ),
        );
      }
      const rows = await db
        .selectFrom(ids.as('page'))
        .innerJoin('blogPosts', 'blogPosts.id', 'page.id')
        .leftJoin('users', 'users.id', 'blogPosts.authorId')
        .selectAll('blogPosts')
        .select(AUTHOR)
        .execute();
      // the page's 10 rows sorted here: an ORDER BY over blog_posts lets SQLite (without statistics for the
      // index yet) walk every post in that order instead of reading the 10 by id
      const at = (row: BlogPostRow) => row.publishedAt.getTime();
      return rows.sort((a, b) => at(b) - at(a) || b.id - a.id);
    },

    /** The audiences of a list (blog-lists.ts). */
    audiences: (groups: { ids: readonly number[] } | { internal: boolean }) => lists.audiences(db, groups),

    /** The kept counts of a list: its posts and its posts per tag in use (blog-lists.ts). */
    listCounts: (audiences: readonly number[], publishedBy: Date | undefined) =>
      lists.counts(db, audiences, publishedBy),

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

    /**
     * Keeps the post's attachments named in `keep` (others of the post; unknown ids are ignored) in that
     * order, then the new files; returns the storage keys of those dropped, to discard after the commit.
     */
    async replaceAttachments(
      executor: Executor,
      id: number,
      keep: readonly number[],
      added: readonly { storageKey: string; fileName: string; size: number }[],
    ): Promise<string[]> {
      const stored = await executor
        .selectFrom('blogPostAttachments')
        .select(['id', 'storageKey'])
        .where('blogPostId', '=', id)
        .execute();
      const kept = keep.filter((fileId) => stored.some((row) => row.id === fileId));
      const dropped = stored.filter((row) => !kept.includes(row.id));
      if (dropped.length > 0) {
        await executor
          .deleteFrom('blogPostAttachments')
          .where(
            'id',
            'in',
            dropped.map((row) => row.id),
          )
          .execute();
      }
      for (const [position, fileId] of kept.entries()) {
        await executor
          .updateTable('blogPostAttachments')
          .set({ position })
          .where('id', '=', fileId)
          .execute();
      }
      if (added.length > 0) {
        const now = new Date();
        await executor
          .insertInto('blogPostAttachments')
          .values(
            added.map((file, index) => ({
              blogPostId: id,
              position: kept.length + index,
              ...file,
              createdAt: now,
              updatedAt: now,
            })),
          )
          .execute();
      }
      return dropped.map((row) => row.storageKey);
    },

    /** Sets the post's groups, and its audience with the kept counts of the lists. */
    async replaceGroups(executor: Executor, id: number, groupIds: readonly number[]): Promise<void> {
      const changed = await lists.groupsChanging(executor, id);
      await executor.deleteFrom('blogPostGroups').where('blogPostId', '=', id).execute();
      if (groupIds.length > 0) {
        await executor
          .insertInto('blogPostGroups')
          .values(groupIds.map((groupId) => ({ blogPostId: id, groupId })))
          .execute();
      }
      await changed(groupIds);
    },

    /** Sets the post's tags, and the kept counts of the lists. */
    async replaceTags(executor: Executor, id: number, tags: readonly string[]): Promise<void> {
      const changed = await lists.tagsChanging(executor, id);
      await executor.deleteFrom('blogPostTags').where('blogPostId', '=', id).execute();
      if (tags.length > 0) {
        await executor
          .insertInto('blogPostTags')
          .values(tags.map((tag) => ({ blogPostId: id, tag })))
          .execute();
      }
      await changed(tags);
    },

    async delete(executor: Executor, id: number): Promise<void> {
      await lists.deleting(executor, id);
      await executor.deleteFrom('blogPosts').where('id', '=', id).execute();
    },
  };
}
