import {
  personName,
  type TForumAuthor,
  type TForumPost,
  type TForumSummary,
  type TForumThreadSummary,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { UrlSigner } from '../../platform/storage/signed-url.ts';
import { createForumPostsRepository, type PostRow } from './forum-posts.repository.ts';
import type { AuthorColumns, ForumStatsRow, ThreadRow } from './forums.repository.ts';
import { presentMedia } from './post-media.ts';
import { createPostVersionsRepository } from './post-versions.repository.ts';
import { reactionsRepository } from './reactions.repository.ts';

export const iso = (value: Date) => value.toISOString();
/**
 * A post's or thread's author as answers carry them: with id (the person page), display name and photo, signed
 * as the person page signs it (issue 36 point 6), read with the rows, so a page costs no query per author.
 */
const author = (signer: UrlSigner, row: AuthorColumns): TForumAuthor | null =>
  row.authorName === null || row.authorUserId === null
    ? null
    : {
        username: row.authorName,
        id: row.authorUserId,
        name: personName({
          username: row.authorName,
          firstName: row.authorFirstName,
          lastName: row.authorLastName,
        }),
        photo: row.authorPhotoKey ? signer.sign(row.authorPhotoKey) : null,
      };

/** Rows of the forum tables as the API answers them (SPEC §3). */
export function createForumPresenter(deps: { db: Kysely<DB>; signer: UrlSigner }) {
  const { db, signer } = deps;
  const posts = createForumPostsRepository(db);
  const versions = createPostVersionsRepository(db);

  return {
    author: (row: AuthorColumns) => author(signer, row),

    /** `unreadThreads`: the forum's threads with posts the member has not seen. */
    forum(row: ForumStatsRow, unreadThreads: number): TForumSummary {
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        threadCount: row.threadCount,
        postCount: row.postCount,
        lastActivity: row.lastActivity === null ? null : iso(row.lastActivity),
        unreadThreads,
      };
    },

    /**
     * A page of posts: their attachments, their versions' summaries and their reactions (`mine`: those of
     * `viewerId`) in one query each, never per post.
     */
    async posts(rows: readonly PostRow[], viewerId?: number): Promise<TForumPost[]> {
      const ids = rows.map((row) => row.id);
      const [media, history, reactions] = await Promise.all([
        posts.mediaOf(ids),
        versions.summaries(ids),
        reactionsRepository.summaries(db, ids, viewerId),
      ]);
      return rows.map((row) => {
        const files = (media.get(row.id) ?? []).map((file) => presentMedia(signer, file));
        const edited = history.get(row.id);
        return {
          id: row.id,
          forumThreadId: row.threadId,
          content: row.content,
          createdAt: iso(row.createdAt),
          author: author(signer, row),
          first: row.isFirst,
          forumPostMedia: files,
          forumPostMediaImages: files.filter((file) => file.mimeType.startsWith('image/')),
          forumPostMediaFiles: files.filter((file) => !file.mimeType.startsWith('image/')),
          // issue 37: edits and the replies their authors deleted (decisions 0186, 0187)
          editedAt: edited ? iso(edited.editedAt) : null,
          versionCount: edited?.count ?? 1,
          deleted: row.deletedAt !== null,
          // a deleted reply shows none (decision 0191)
          reactions: row.deletedAt === null ? (reactions.get(row.id) ?? []) : [],
        };
      });
    },

    /** `unread`: the member's unread posts per thread id (missing: none). */
    async threads(
      rows: readonly (ThreadRow & { lastPostId: number | null })[],
      unread: ReadonlyMap<number, number>,
    ): Promise<TForumThreadSummary[]> {
      const lastIds = rows.flatMap((row) => (row.postCount > 1 && row.lastPostId ? [row.lastPostId] : []));
      const last = new Map((await posts.findPosts(db, lastIds)).map((post) => [post.id, post]));
      return rows.map((row) => {
        const reply = row.lastPostId ? last.get(row.lastPostId) : undefined;
        return {
          id: row.id,
          forumId: row.forumId,
          name: row.name,
          author: author(signer, row),
          createdAt: iso(row.createdAt),
          postCount: row.postCount,
          replyCount: Math.max(0, row.postCount - 1),
          lastReply:
            reply && !reply.isFirst
              ? { createdAt: iso(reply.createdAt), author: author(signer, reply) }
              : null,
          lastActivity: iso(row.lastPostAt),
          unread: unread.get(row.id) ?? 0,
        };
      });
    },
  };
}
