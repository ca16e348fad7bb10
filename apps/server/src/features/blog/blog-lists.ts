/**
 * What the blog lists count, kept instead of recounted (issue 19, decision 0087). A post's audience is the set
 * of groups it is shown to; posts with the same groups share one audience (`blog_audiences`, a handful in all,
 * its groups in `blog_audience_groups`). Per audience `blog_audience_tags` keeps how many posts it holds (tag
 * '') and how many carry each tag, scheduled posts included. A list (the audiences that share a group with it)
 * adds up these few rows and takes away its posts that are still scheduled, instead of reading every post.
 *
 * The blog repository keeps them in the transaction of each write: a post's groups, its tags, its deletion.
 * Its publication date needs nothing (scheduled posts are counted; a list takes them away while they are
 * ahead). Deleting a group removes its `blog_audience_groups` rows by cascade: its posts keep their audience,
 * which then holds the groups they have left, exactly as their `blog_post_groups` rows do.
 * `rebuildBlogLists` writes everything from the posts again (data written straight to the tables; migration
 * 0014 has a frozen copy of its own).
 */
import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';

/** the kept row (tag) that counts every post of an audience */
export const ALL_POSTS = '';
/** posts per UPDATE when rebuilding */
const BATCH = 500;

/** An audience's `group_key`: its group ids sorted, comma-separated. */
const audienceKey = (groupIds: readonly number[]) => [...new Set(groupIds)].sort((a, b) => a - b).join(',');

/**
 * The audiences of a list and, for an admin's list, all others: an admin may read every post, so their list may
 * name what it leaves out (a shorter condition) without showing what another save adds meanwhile.
 */
export interface ListAudiences {
  included: number[];
  excluded?: number[] | undefined;
}

/** The list's number of posts (`ALL_POSTS`) and of posts per tag, only those above 0, sorted by tag. */
export type ListCounts = Map<string, number>;

export function createBlogLists() {
  /** The audience of these groups, made when new; null without groups (a post in no list). */
  async function audienceFor(trx: Executor, groupIds: readonly number[]): Promise<number | null> {
    if (groupIds.length === 0) return null;
    const groupKey = audienceKey(groupIds);
    const found = await trx
      .selectFrom('blogAudiences')
      .select('id')
      .where('groupKey', '=', groupKey)
      .executeTakeFirst();
    if (found) return found.id;
    // Two saves at once may both make it: the second waits for the first's row and takes it.
    const made = await trx
      .insertInto('blogAudiences')
      .values({ groupKey })
      .onConflict((oc) => oc.column('groupKey').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!made) {
      const row = await trx
        .selectFrom('blogAudiences')
        .select('id')
        .where('groupKey', '=', groupKey)
        .executeTakeFirstOrThrow();
      return row.id;
    }
    await trx
      .insertInto('blogAudienceGroups')
      .values([...new Set(groupIds)].map((groupId) => ({ audienceId: made.id, groupId })))
      .execute();
    return made.id;
  }

  /** Adds `delta` to the audience's counts of these tags (`ALL_POSTS` for the posts themselves). */
  async function adjust(
    trx: Executor,
    audienceId: number,
    tags: readonly string[],
    delta: number,
  ): Promise<void> {
    if (tags.length === 0 || delta === 0) return;
    await trx
      .insertInto('blogAudienceTags')
      .values(tags.map((tag) => ({ audienceId, tag, posts: delta })))
      .onConflict((oc) =>
        oc
          .columns(['audienceId', 'tag'])
          .doUpdateSet((eb) => ({ posts: eb('blogAudienceTags.posts', '+', eb.ref('excluded.posts')) })),
      )
      .execute();
    if (delta < 0) {
      await trx
        .deleteFrom('blogAudienceTags')
        .where('audienceId', '=', audienceId)
        .where('tag', 'in', tags)
        .where('posts', '<=', 0)
        .execute();
    }
  }

  /** The post's audience and tags as stored now, read in the transaction. */
  async function stateOf(trx: Executor, postId: number) {
    const post = await trx
      .selectFrom('blogPosts')
      .select('audienceId')
      .where('id', '=', postId)
      .executeTakeFirst();
    const tags = await trx
      .selectFrom('blogPostTags')
      .select('tag')
      .where('blogPostId', '=', postId)
      .execute();
    return { audienceId: post?.audienceId ?? null, tags: tags.map((row) => row.tag) };
  }

  /** The counts of every audience: its posts, and its posts per tag, grouped in the database. */
  async function recount(trx: Executor): Promise<void> {
    await trx
      .insertInto('blogAudienceTags')
      .columns(['audienceId', 'tag', 'posts'])
      .expression((eb) =>
        eb
          .selectFrom('blogPosts')
          .select(['audienceId', sql<string>`${ALL_POSTS}`.as('tag'), eb.fn.countAll<number>().as('posts')])
          .where('audienceId', 'is not', null)
          .groupBy('audienceId'),
      )
      .execute();
    await trx
      .insertInto('blogAudienceTags')
      .columns(['audienceId', 'tag', 'posts'])
      .expression((eb) =>
        eb
          .selectFrom('blogPostTags as t')
          .innerJoin('blogPosts as p', 'p.id', 't.blogPostId')
          .select(['p.audienceId', 't.tag', eb.fn.countAll<number>().as('posts')])
          .where('p.audienceId', 'is not', null)
          .groupBy(['p.audienceId', 't.tag']),
      )
      // a tag '' adds to the posts' own count, as adjust() adds it
      .onConflict((oc) =>
        oc
          .columns(['audienceId', 'tag'])
          .doUpdateSet((eb) => ({ posts: eb('blogAudienceTags.posts', '+', eb.ref('excluded.posts')) })),
      )
      .execute();
  }

  return {
    /**
     * Writes every audience and count again from the posts' groups and tags, in the caller's transaction
     * ideally: for data written straight to the tables (bench/support/scale-seed.ts).
     */
    async rebuild(trx: Executor): Promise<void> {
      await trx
        .updateTable('blogPosts')
        .set({ audienceId: null })
        .where('audienceId', 'is not', null)
        .execute();
      await trx.deleteFrom('blogAudienceTags').execute();
      await trx.deleteFrom('blogAudienceGroups').execute();
      await trx.deleteFrom('blogAudiences').execute();
      const links = await trx.selectFrom('blogPostGroups').select(['blogPostId', 'groupId']).execute();
      const groupsOf = new Map<number, number[]>();
      for (const link of links)
        groupsOf.set(link.blogPostId, [...(groupsOf.get(link.blogPostId) ?? []), link.groupId]);
      const postsOf = new Map<string, { groups: number[]; posts: number[] }>();
      for (const [post, groups] of groupsOf) {
        const entry = postsOf.get(audienceKey(groups)) ?? { groups, posts: [] };
        entry.posts.push(post);
        postsOf.set(audienceKey(groups), entry);
      }
      for (const { groups, posts } of postsOf.values()) {
        const audienceId = await audienceFor(trx, groups);
        for (let at = 0; at < posts.length; at += BATCH) {
          const ids = posts.slice(at, at + BATCH);
          await trx.updateTable('blogPosts').set({ audienceId }).where('id', 'in', ids).execute();
        }
      }
      await recount(trx);
    },

    /** Before a post's groups change: the counts it leaves behind, and what to call once they changed. */
    async groupsChanging(trx: Executor, postId: number) {
      const before = await stateOf(trx, postId);
      return async (groupIds: readonly number[]): Promise<void> => {
        const after = await audienceFor(trx, groupIds);
        if (after === before.audienceId) return;
        if (before.audienceId !== null) await adjust(trx, before.audienceId, [ALL_POSTS, ...before.tags], -1);
        await trx.updateTable('blogPosts').set({ audienceId: after }).where('id', '=', postId).execute();
        if (after !== null) await adjust(trx, after, [ALL_POSTS, ...before.tags], 1);
      };
    },

    /** Before a post's tags change: what to call once they changed. */
    async tagsChanging(trx: Executor, postId: number) {
      const before = await stateOf(trx, postId);
      return async (tags: readonly string[]): Promise<void> => {
        if (before.audienceId === null) return;
        const next = new Set(tags);
        const old = new Set(before.tags);
        await adjust(
          trx,
          before.audienceId,
          before.tags.filter((tag) => !next.has(tag)),
          -1,
        );
        await adjust(
          trx,
          before.audienceId,
          [...next].filter((tag) => !old.has(tag)),
          1,
        );
      };
    },

    /** Before a post is deleted: takes it out of the counts. */
    async deleting(trx: Executor, postId: number): Promise<void> {
      const { audienceId, tags } = await stateOf(trx, postId);
      if (audienceId !== null) await adjust(trx, audienceId, [ALL_POSTS, ...tags], -1);
    },

    /**
     * The audiences of a list (`included`): those shown to one of `ids`, or to a group that is (`internal`)
     * or is not internal (an admin's list, which also names every other audience: `excluded`).
     */
    async audiences(
      executor: Executor,
      groups: { ids: readonly number[] } | { internal: boolean },
    ): Promise<ListAudiences> {
      if ('ids' in groups && groups.ids.length === 0) return { included: [] };
      const rows = await executor
        .selectFrom('blogAudiences as a')
        .select([
          'a.id',
          (eb) => {
            const inList = eb
              .selectFrom('blogAudienceGroups as ag')
              .innerJoin('userGroups as g', 'g.id', 'ag.groupId')
              .select(eb.lit(1).as('one'))
              .whereRef('ag.audienceId', '=', 'a.id');
            return eb
              .exists(
                'ids' in groups
                  ? inList.where('ag.groupId', 'in', groups.ids)
                  : inList.where('g.internal', '=', groups.internal),
              )
              .as('inList');
          },
        ])
        .execute();
      return {
        included: rows.filter((row) => row.inList).map((row) => row.id),
        excluded: 'ids' in groups ? undefined : rows.filter((row) => !row.inList).map((row) => row.id),
      };
    },

    /**
     * The counts of the list of these audiences: kept counts, less its posts published after `publishedBy`
     * (members do not see them yet; usually none or a few).
     */
    async counts(
      executor: Executor,
      audienceIds: readonly number[],
      publishedBy: Date | undefined,
    ): Promise<ListCounts> {
      const counts: ListCounts = new Map();
      if (audienceIds.length === 0) return counts;
      const [kept, scheduled] = await Promise.all([
        executor
          .selectFrom('blogAudienceTags')
          .select(['tag', (eb) => eb.fn.sum<number>('posts').as('posts')])
          .where('audienceId', 'in', audienceIds)
          .groupBy('tag')
          .orderBy('tag')
          .execute(),
        publishedBy
          ? executor
              .selectFrom('blogPosts as p')
              .leftJoin('blogPostTags as t', 't.blogPostId', 'p.id')
              .select(['p.id', 't.tag'])
              .where('p.publishedAt', '>', publishedBy)
              .where('p.audienceId', 'in', audienceIds)
              .execute()
          : [],
      ]);
      for (const row of kept) counts.set(row.tag, row.posts);
      const ahead = new Set<number>();
      for (const row of scheduled) {
        if (!ahead.has(row.id)) counts.set(ALL_POSTS, (counts.get(ALL_POSTS) ?? 0) - 1);
        ahead.add(row.id);
        if (row.tag !== null) counts.set(row.tag, (counts.get(row.tag) ?? 0) - 1);
      }
      for (const [tag, n] of counts) if (n <= 0) counts.delete(tag);
      return counts;
    },
  };
}

/** Writes every audience and count of the blog lists again from the posts (blog-lists.ts). */
export const rebuildBlogLists = (trx: Executor) => createBlogLists().rebuild(trx);
