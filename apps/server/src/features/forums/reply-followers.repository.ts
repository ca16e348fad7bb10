import { ROLES } from '@portal/contract';
import type { Executor } from '../../platform/db/executor.ts';
import { readsForums } from './forum-visibility.ts';

/** A follower who may be mailed about a reply, unless they turned forum reply mails off. */
export interface ReplyFollower {
  userId: number;
  email: string;
}

/** users.role holds the highest role: those that may read the forums (and so get their mails). */
const FORUM_ROLES = ROLES.filter((role) => readsForums([role]));

/**
 * The queries of reply mails: who may be mailed about a reply, and the guard against a second mail. They run in
 * the reply's transaction only, so they take its executor and no database of their own.
 */
export function createReplyFollowersRepository() {
  return {
    /**
     * Followers of the thread who may be mailed about a reply by `authorId`, by id: not the author, not
     * mailed since they last opened the thread, not disabled, with an address, and allowed into the forum.
     * Whether they turned forum reply mails off is the notifications feature's to say (ForumReplyMailDeps).
     */
    async followersToMail(executor: Executor, threadId: number, authorId: number): Promise<ReplyFollower[]> {
      const rows = await executor
        .selectFrom('forumThreadReaders')
        .innerJoin('users', 'users.id', 'forumThreadReaders.userId')
        .select(['users.id as userId', 'users.email'])
        .where('forumThreadReaders.threadId', '=', threadId)
        .where('forumThreadReaders.following', '=', true)
        .where('forumThreadReaders.mailedAt', 'is', null)
        .where('forumThreadReaders.userId', '<>', authorId)
        .where('users.disabled', '=', false)
        .where('users.email', 'is not', null)
        .where('users.email', '<>', '')
        .where('users.role', 'in', FORUM_ROLES)
        .orderBy('users.id')
        .execute();
      return rows.flatMap((row) =>
        row.email?.trim() ? [{ userId: row.userId, email: row.email.trim() }] : [],
      );
    },

    /** Remembers that the members were mailed about the thread: no further mail until they open it. */
    async markMailed(
      executor: Executor,
      threadId: number,
      userIds: readonly number[],
      at: Date,
    ): Promise<void> {
      if (userIds.length === 0) return;
      await executor
        .updateTable('forumThreadReaders')
        .set({ mailedAt: at })
        .where('threadId', '=', threadId)
        .where('userId', 'in', userIds)
        .where('mailedAt', 'is', null)
        .execute();
    },
  };
}
