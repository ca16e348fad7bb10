/**
 * What issue 37 keeps about a member in the forums, as privacy exports and erases it: their reactions go (with
 * them the counts), and so do the records of where they were mentioned; the posts naming them stay.
 */
import { REACTION_KINDS, type TReactionKind } from '@portal/contract';
import { deletedRows, isoTime, type PrivacyPart } from '../../platform/registry/privacy-part.ts';

const KINDS: readonly string[] = REACTION_KINDS;
const isKind = (kind: string): kind is TReactionKind => KINDS.includes(kind);

export const reactionsPrivacy: PrivacyPart = {
  erases: ['forumPostReactions', 'forumPostMentions'],
  exports: {
    /** Every reaction of the member, with its post's thread, oldest first. */
    async reactions(db, userId) {
      const rows = await db
        .selectFrom('forumPostReactions')
        .innerJoin('forumPosts', 'forumPosts.id', 'forumPostReactions.postId')
        .innerJoin('forumThreads', 'forumThreads.id', 'forumPosts.threadId')
        .select([
          'forumPostReactions.postId',
          'forumPosts.threadId',
          'forumThreads.name as thread',
          'forumPostReactions.kind',
          'forumPostReactions.createdAt',
        ])
        .where('forumPostReactions.userId', '=', userId)
        .orderBy('forumPostReactions.createdAt')
        .orderBy('forumPostReactions.postId')
        .execute();
      return rows.flatMap((row) =>
        isKind(row.kind)
          ? [
              {
                postId: row.postId,
                threadId: row.threadId,
                thread: row.thread,
                kind: row.kind,
                createdAt: isoTime(row.createdAt),
              },
            ]
          : [],
      );
    },
  },
  async erase(trx, member) {
    const reactions = await trx
      .deleteFrom('forumPostReactions')
      .where('userId', '=', member.id)
      .executeTakeFirst();
    await trx.deleteFrom('forumPostMentions').where('userId', '=', member.id).execute();
    return [{ field: 'reactions', count: deletedRows(reactions) }];
  },
};
