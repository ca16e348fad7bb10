/** The writes of an edit and of a member's deletion of their reply (issue 37); reads are in the other repositories. */
import type { Executor } from '../../platform/db/executor.ts';
import type { MediaRow, NewMedia } from './forum-posts.repository.ts';

/** The storage keys (file and thumbnail) of attachments. */
export const keysOf = (media: readonly Pick<MediaRow, 'storageKey' | 'thumbnailKey'>[]): string[] =>
  media.flatMap((row) => (row.thumbnailKey ? [row.storageKey, row.thumbnailKey] : [row.storageKey]));

export const postEdits = {
  /** The post's attachments in their order. */
  media(executor: Executor, postId: number): Promise<MediaRow[]> {
    return executor
      .selectFrom('forumPostMedia')
      .selectAll()
      .where('postId', '=', postId)
      .orderBy('position')
      .orderBy('id')
      .execute();
  },

  async updateContent(executor: Executor, postId: number, content: string, at: Date): Promise<void> {
    await executor
      .updateTable('forumPosts')
      .set({ content, updatedAt: at })
      .where('id', '=', postId)
      .execute();
  },

  async renameThread(executor: Executor, threadId: number, name: string, at: Date): Promise<void> {
    await executor
      .updateTable('forumThreads')
      .set({ name, updatedAt: at })
      .where('id', '=', threadId)
      .execute();
  },

  /** Drops the attachments `ids` of the post and adds `added` after its last one. */
  async changeMedia(
    executor: Executor,
    postId: number,
    change: { remove: readonly number[]; add: readonly NewMedia[]; after: number; at: Date },
  ): Promise<void> {
    if (change.remove.length > 0) {
      await executor
        .deleteFrom('forumPostMedia')
        .where('postId', '=', postId)
        .where('id', 'in', change.remove)
        .execute();
    }
    if (change.add.length === 0) return;
    await executor
      .insertInto('forumPostMedia')
      .values(
        change.add.map((file, index) => ({
          postId,
          position: change.after + 1 + index,
          storageKey: file.storageKey,
          thumbnailKey: file.thumbnailKey,
          originalFilename: file.originalFilename,
          mimeType: file.mimeType,
          size: file.size,
          createdAt: change.at,
        })),
      )
      .execute();
  },

  /**
   * Makes the reply 'Beitrag gelöscht': no text, no attachments, no versions; the row stays where it was in
   * its thread. Returns the storage keys of its files, to discard after the commit.
   */
  async tombstone(executor: Executor, postId: number, at: Date): Promise<string[]> {
    const media = await postEdits.media(executor, postId);
    await executor.deleteFrom('forumPostMedia').where('postId', '=', postId).execute();
    await executor.deleteFrom('forumPostVersions').where('postId', '=', postId).execute();
    await executor
      .updateTable('forumPosts')
      .set({ content: '', deletedAt: at, updatedAt: at })
      .where('id', '=', postId)
      .execute();
    return keysOf(media);
  },
};
