/**
 * The reads of a member's own data export (GDPR Art. 15 and 20, issue 18). Privacy spans the tables of every
 * feature that keeps something about a member, so that one place lists them all: this file reads them
 * directly, each in one query whatever the member's number of posts or answers.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

export function createExportRepository(db: Kysely<DB>) {
  return {
    /** The member's own row; undefined once erased (or gone). */
    profile(userId: number) {
      return db
        .selectFrom('users')
        .select(['username', 'email', 'company', 'role', 'createdAt', 'lastLoginAt'])
        .where('id', '=', userId)
        .where('erasedAt', 'is', null)
        .executeTakeFirst();
    },

    async groupNames(userId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('userGroups')
        .innerJoin('userGroupMembers', 'userGroupMembers.groupId', 'userGroups.id')
        .select('userGroups.name')
        .where('userGroupMembers.userId', '=', userId)
        .orderBy('userGroups.name')
        .execute();
      return rows.map((row) => row.name);
    },

    /** Every answer to an event, by the event's start. */
    eventAnswers(userId: number) {
      return db
        .selectFrom('eventSubscriptions')
        .innerJoin('events', 'events.id', 'eventSubscriptions.eventId')
        .select([
          'events.id as eventId',
          'events.name as event',
          'events.startAt',
          'eventSubscriptions.status',
          'eventSubscriptions.updatedAt',
        ])
        .where('eventSubscriptions.userId', '=', userId)
        .orderBy('events.startAt')
        .orderBy('events.id')
        .execute();
    },

    /** Every forum post the member wrote, with its forum and thread, oldest first; the content as stored. */
    forumPosts(userId: number) {
      return db
        .selectFrom('forumPosts')
        .innerJoin('forumThreads', 'forumThreads.id', 'forumPosts.threadId')
        .innerJoin('forums', 'forums.id', 'forumThreads.forumId')
        .select([
          'forumPosts.id',
          'forums.name as forum',
          'forumThreads.name as thread',
          'forumPosts.threadId',
          'forumPosts.content',
          'forumPosts.createdAt',
          'forumPosts.updatedAt',
        ])
        .where('forumPosts.authorId', '=', userId)
        .orderBy('forumPosts.createdAt')
        .orderBy('forumPosts.id')
        .execute();
    },

    /** The stored settings; undefined while the member has the defaults. */
    notificationSettings(userId: number) {
      return db
        .selectFrom('notificationSettings')
        .select(['forumReplies', 'digest'])
        .where('userId', '=', userId)
        .executeTakeFirst();
    },

    followedThreads(userId: number) {
      return db
        .selectFrom('forumThreadReaders')
        .innerJoin('forumThreads', 'forumThreads.id', 'forumThreadReaders.threadId')
        .select(['forumThreads.id as threadId', 'forumThreads.name as thread'])
        .where('forumThreadReaders.userId', '=', userId)
        .where('forumThreadReaders.following', '=', true)
        .orderBy('forumThreads.name')
        .orderBy('forumThreads.id')
        .execute();
    },
  };
}
