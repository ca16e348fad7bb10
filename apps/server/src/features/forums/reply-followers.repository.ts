import { hasRole, ROLES } from '@portal/contract';
import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';

/** A follower to mail about a reply, with the version of their settings that the unsubscribe link signs. */
export interface ReplyFollower {
  userId: number;
  email: string;
  version: number;
}

/** users.role holds the highest role; these include ROLE_USER (who may read the forum and get its mails). */
const FORUM_ROLES = ROLES.filter((role) => hasRole([role], 'ROLE_USER'));

/**
 * The queries of reply mails: who is mailed about a reply, and the guard against a second mail. They run in
 * the reply's transaction only, so they take its executor and no database of their own.
 */
export function createReplyFollowersRepository() {
  return {
    /**
     * Followers of the thread to mail about a reply by `authorId`: not the author, not mailed since they last
     * opened the thread, forum reply mails not turned off (no settings row: on), not disabled, with an
     * address, and allowed into the forum.
     */
    async followersToMail(executor: Executor, threadId: number, authorId: number): Promise<ReplyFollower[]> {
      const rows = await executor
        .selectFrom('forumThreadReaders')
        .innerJoin('users', 'users.id', 'forumThreadReaders.userId')
        .leftJoin('notificationSettings', 'notificationSettings.userId', 'users.id')
        .select(['users.id as userId', 'users.email'])
        .select((eb) => eb.fn.coalesce('notificationSettings.version', sql.lit(0)).as('version'))
        .where('forumThreadReaders.threadId', '=', threadId)
        .where('forumThreadReaders.following', '=', true)
        .where('forumThreadReaders.mailedAt', 'is', null)
        .where('forumThreadReaders.userId', '<>', authorId)
        .where((eb) =>
          eb.or([
            eb('notificationSettings.userId', 'is', null),
            eb('notificationSettings.forumReplies', '=', true),
          ]),
        )
        .where('users.disabled', '=', false)
        .where('users.email', 'is not', null)
        .where('users.email', '<>', '')
        .where('users.role', 'in', FORUM_ROLES)
        .orderBy('users.id')
        .execute();
      return rows.flatMap((row) =>
        row.email?.trim()
          ? [{ userId: row.userId, email: row.email.trim(), version: Number(row.version) }]
          : [],
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
