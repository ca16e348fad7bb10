import {
  CONVERSATION_MESSAGES,
  FORUM_MESSAGES,
  REACTION_LABELS,
  type TPostReactionPeople,
  type TPostReactions,
  type TReactionInput,
  type TReactionKind,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { notify } from '../../platform/notification-centre/notices.ts';
import type { PostDeletedListener } from './forum-edits.ts';
import { forumMembers, placeOf } from './forum-notices.ts';
import { reactionsRepository as reactions } from './reactions.repository.ts';

/**
 * Reactions to forum posts (issue 37 point 4, decision 0191): a member's reaction of a kind is on or off,
 * idempotently; the post's author hears of the first reaction of each kind once (the notification's key), never
 * of their own.
 */
export function createForumReactions(deps: { db: Kysely<DB> }) {
  const { db } = deps;

  async function postOf(executor: Executor, postId: number) {
    const post = await executor
      .selectFrom('forumPosts')
      .select(['id', 'authorId', 'deletedAt'])
      .where('id', '=', postId)
      .executeTakeFirst();
    if (!post) throw notFound(FORUM_MESSAGES.postNotFound);
    return post;
  }

  /** The author's notification of a reaction kind on their post, if they can still read the forums. */
  async function tellAuthor(
    trx: Executor,
    postId: number,
    authorId: number,
    actorId: number,
    kind: TReactionKind,
  ) {
    if ((await forumMembers(trx, [authorId])).length === 0) return;
    const place = await placeOf(trx, postId);
    if (!place) return;
    await notify(trx, [
      {
        recipientId: authorId,
        kind: 'reaction',
        actorId,
        text: `${REACTION_LABELS[kind].notification}: „${place.threadName}“`,
        link: place.link,
        key: `reaction:${postId}:${kind}`,
        at: new Date(),
      },
    ]);
  }

  return {
    /** PUT /api/forumPost/{id}/reaction: the caller's reaction on or off; answers the post's reactions. */
    async react(principal: Principal, postId: number, input: TReactionInput): Promise<TPostReactions> {
      return db.transaction().execute(async (trx) => {
        const post = await postOf(trx, postId);
        // a reply its author deleted takes no reactions (decision 0187); its own went with it
        if (post.deletedAt !== null) throw conflict(CONVERSATION_MESSAGES.postDeleted);
        if (!input.on) {
          await reactions.remove(trx, postId, principal.id, input.kind);
        } else if (await reactions.add(trx, postId, principal.id, input.kind, new Date())) {
          if (post.authorId !== null && post.authorId !== principal.id)
            await tellAuthor(trx, postId, post.authorId, principal.id, input.kind);
        }
        const summaries = await reactions.summaries(trx, [postId], principal.id);
        return { reactions: summaries.get(postId) ?? [] };
      });
    },

    /** GET /api/forumPost/{id}/reactions: who reacted how. */
    async people(postId: number): Promise<TPostReactionPeople> {
      await postOf(db, postId);
      return { reactions: await reactions.people(db, postId) };
    },

    /** The reactions of a page of posts for its reader, in one query (the thread's presenter). */
    summaries: (postIds: readonly number[], viewerId: number | undefined) =>
      reactions.summaries(db, postIds, viewerId),
  };
}

export type ForumReactions = ReturnType<typeof createForumReactions>;

/** A listener of a member's deletion of their reply (forums' `postDeleted`): its reactions go with its text. */
export const clearReactions: PostDeletedListener = async (trx, post) => {
  await trx.deleteFrom('forumPostReactions').where('postId', '=', post.postId).execute();
};
