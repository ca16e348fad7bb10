import {
  personName,
  REACTION_KINDS,
  type TPostReaction,
  type TPostReactionPeople,
  type TReactionKind,
} from '@portal/contract';
import type { Executor } from '../../platform/db/executor.ts';

const KINDS: readonly string[] = REACTION_KINDS;
const isKind = (kind: string): kind is TReactionKind => KINDS.includes(kind);
const order = (kind: TReactionKind) => REACTION_KINDS.indexOf(kind);

/**
 * forum_post_reactions (issue 37 point 4): one row per post, member and kind. Counts are read from the rows
 * themselves, so parallel toggles can never leave a count that differs from who reacted.
 */
export const reactionsRepository = {
  /** The member's reaction on; false when it was on already. */
  async add(executor: Executor, postId: number, userId: number, kind: TReactionKind, at: Date) {
    const rows = await executor
      .insertInto('forumPostReactions')
      .values({ postId, userId, kind, createdAt: at })
      .onConflict((oc) => oc.columns(['postId', 'kind', 'userId']).doNothing())
      .returning('postId')
      .execute();
    return rows.length > 0;
  },

  async remove(executor: Executor, postId: number, userId: number, kind: TReactionKind): Promise<void> {
    await executor
      .deleteFrom('forumPostReactions')
      .where('postId', '=', postId)
      .where('userId', '=', userId)
      .where('kind', '=', kind)
      .execute();
  },

  /**
   * The reactions of these posts, each kind with its count and whether `viewerId` is among them, in the order
   * of REACTION_KINDS; kinds nobody chose are left out. One query for a whole page of posts.
   */
  async summaries(
    executor: Executor,
    postIds: readonly number[],
    viewerId: number | undefined,
  ): Promise<Map<number, TPostReaction[]>> {
    const result = new Map<number, TPostReaction[]>();
    if (postIds.length === 0) return result;
    const rows = await executor
      .selectFrom('forumPostReactions')
      .select((eb) => [
        'postId',
        'kind',
        eb.fn.countAll<number>().as('count'),
        eb.fn
          .max(
            eb
              .case()
              .when('userId', '=', viewerId ?? 0)
              .then(1)
              .else(0)
              .end(),
          )
          .as('mine'),
      ])
      .where('postId', 'in', [...new Set(postIds)])
      .groupBy(['postId', 'kind'])
      .execute();
    for (const row of rows) {
      if (!isKind(row.kind)) continue;
      const list = result.get(row.postId) ?? [];
      list.push({ kind: row.kind, count: Number(row.count), mine: Number(row.mine) === 1 });
      result.set(row.postId, list);
    }
    for (const list of result.values()) list.sort((a, b) => order(a.kind) - order(b.kind));
    return result;
  },

  /** Who reacted how to the post: per kind (REACTION_KINDS order), oldest first; erased members not at all. */
  async people(executor: Executor, postId: number): Promise<TPostReactionPeople['reactions']> {
    const rows = await executor
      .selectFrom('forumPostReactions')
      .innerJoin('users', 'users.id', 'forumPostReactions.userId')
      .select(['forumPostReactions.kind', 'users.id', 'users.username', 'users.firstName', 'users.lastName'])
      .where('forumPostReactions.postId', '=', postId)
      .where('users.erasedAt', 'is', null)
      .orderBy('forumPostReactions.createdAt')
      .orderBy('users.id')
      .execute();
    const byKind = new Map<TReactionKind, TPostReactionPeople['reactions'][number]['people']>();
    for (const row of rows) {
      if (!isKind(row.kind)) continue;
      const people = byKind.get(row.kind) ?? [];
      people.push({ id: row.id, username: row.username, name: personName(row) });
      byKind.set(row.kind, people);
    }
    return REACTION_KINDS.flatMap((kind) => {
      const people = byKind.get(kind);
      return people ? [{ kind, people }] : [];
    });
  },
};
