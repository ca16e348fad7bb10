/**
 * What the forums keep about a member, as privacy (GDPR, issue 18) exports and erases it: their posts stay
 * (the association's discussion, decision 0086), shown as 'Ehemaliges Mitglied'; read markers and follows go.
 * The versions they wrote (issue 37) stay too, without their editor.
 */
import { deletedRows, isoTime, type PrivacyPart } from '../../platform/registry/privacy-part.ts';

export const forumsPrivacy: PrivacyPart = {
  erases: ['forumThreadReaders'],
  keeps: ['forumThreads', 'forumPosts', 'forumPostVersions'],
  exports: {
    /** Every forum post the member wrote, with its forum and thread, oldest first; the content as stored. */
    async forumPosts(db, userId) {
      const rows = await db
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
      return rows.map((row) => ({
        id: row.id,
        forum: row.forum,
        thread: row.thread,
        threadId: row.threadId,
        content: row.content,
        createdAt: isoTime(row.createdAt),
        updatedAt: isoTime(row.updatedAt),
      }));
    },

    /** issue 37: every version of a post the member wrote, with its thread, oldest first. */
    async forumPostVersions(db, userId) {
      const rows = await db
        .selectFrom('forumPostVersions as v')
        .innerJoin('forumPosts', 'forumPosts.id', 'v.postId')
        .innerJoin('forumThreads', 'forumThreads.id', 'forumPosts.threadId')
        .select([
          'v.postId',
          'forumPosts.threadId',
          'forumThreads.name as thread',
          'v.number',
          'v.name',
          'v.content',
          'v.createdAt',
        ])
        .where('v.editorId', '=', userId)
        .orderBy('v.createdAt')
        .orderBy('v.postId')
        .orderBy('v.number')
        .execute();
      return rows.map((row) => ({ ...row, createdAt: isoTime(row.createdAt) }));
    },

    followedThreads(db, userId) {
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
  },
  async erase(trx, member) {
    const readers = await trx
      .deleteFrom('forumThreadReaders')
      .where('userId', '=', member.id)
      .executeTakeFirst();
    // The versions they wrote stay, by no one: 'Ehemaliges Mitglied' (issue 37, decision 0187).
    await trx
      .updateTable('forumPostVersions')
      .set({ editorId: null })
      .where('editorId', '=', member.id)
      .execute();
    return [{ field: 'readMarkers', count: deletedRows(readers) }];
  },
};
