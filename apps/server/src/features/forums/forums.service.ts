import {
  FORUM_MESSAGES,
  FORUM_POSTS_PAGE_SIZE,
  pageCount,
  type TForum,
  type TForumPost,
  type TForumPostValues,
  type TForumSummary,
  type TForumThread,
  type TForumThreadSummary,
  type TForumThreadValues,
  type TForumValues,
} from '@portal/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import { type DB, toDate } from '../../platform/db/schema.ts';
import { requiredRichText } from '../../platform/html/sanitize.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import type { FileStore } from '../../platform/storage/file-store.ts';
import type { UrlSigner } from '../../platform/storage/signed-url.ts';
import type { UploadedFile } from '../../platform/uploads/multipart-file.ts';
import type { SearchIndex } from '../search/index.ts';
import { createForumPostsRepository, type PostRow } from './forum-posts.repository.ts';
import { createForumsRepository, type ForumStatsRow, type ThreadRow } from './forums.repository.ts';
import { filesOf, type PreparedMedia, prepareMedia, presentMedia } from './post-media.ts';

export interface ForumsFeatureDeps {
  db: Kysely<DB>;
  storage: FileStore;
  signer: UrlSigner;
  search: SearchIndex;
}

const iso = (value: Date | string) => toDate(value).toISOString();
const author = (name: string | null) => (name === null ? null : { username: name });

/**
 * Forums, threads and posts (SPEC §7). Every write that adds or removes posts runs in one transaction that
 * first locks the forum (new thread, forum deletion) or the thread (reply, post or thread deletion), so that a
 * deletion never misses the files of a reply written at the same moment. Attachments are checked and
 * converted before anything is written, stored before the transaction and removed again when it fails;
 * the files of deleted posts go after the commit.
 */
export function createForumsService(deps: ForumsFeatureDeps) {
  const { db, storage, signer, search } = deps;
  const repo = createForumsRepository(db);
  const posts = createForumPostsRepository(db);

  function presentForum(row: ForumStatsRow): TForumSummary {
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      threadCount: Number(row.threadCount),
      postCount: Number(row.postCount),
      lastActivity: row.lastActivity === null ? null : iso(row.lastActivity),
    };
  }

  async function presentPosts(rows: readonly PostRow[]): Promise<TForumPost[]> {
    const media = await posts.mediaOf(rows.map((row) => row.id));
    return rows.map((row) => {
      const files = (media.get(row.id) ?? []).map((file) => presentMedia(signer, file));
      return {
        id: row.id,
        forumThreadId: row.threadId,
        content: row.content,
        createdAt: iso(row.createdAt),
        author: author(row.authorName),
        first: Boolean(row.isFirst),
        forumPostMedia: files,
        forumPostMediaImages: files.filter((file) => file.mimeType.startsWith('image/')),
        forumPostMediaFiles: files.filter((file) => !file.mimeType.startsWith('image/')),
      };
    });
  }

  async function presentThreads(
    rows: readonly (ThreadRow & { lastPostId: number | null })[],
  ): Promise<TForumThreadSummary[]> {
    const lastIds = rows.flatMap((row) => (row.postCount > 1 && row.lastPostId ? [row.lastPostId] : []));
    const last = new Map((await posts.findPosts(db, lastIds)).map((post) => [post.id, post]));
    return rows.map((row) => {
      const reply = row.lastPostId ? last.get(row.lastPostId) : undefined;
      return {
        id: row.id,
        forumId: row.forumId,
        name: row.name,
        author: author(row.authorName),
        createdAt: iso(row.createdAt),
        postCount: row.postCount,
        replyCount: Math.max(0, row.postCount - 1),
        lastReply:
          reply && !reply.isFirst
            ? { createdAt: iso(reply.createdAt), author: author(reply.authorName) }
            : null,
        lastActivity: iso(row.lastPostAt),
      };
    });
  }

  /**
   * Checks the attachments, then lets storage.commit store them and run `write` in its transaction: a failed
   * save removes the files again.
   */
  async function withMedia<T>(
    uploads: readonly UploadedFile[],
    exists: () => Promise<boolean>,
    missing: string,
    write: (trx: Transaction<DB>, media: PreparedMedia[]) => Promise<T>,
  ): Promise<T> {
    const media = await prepareMedia(uploads);
    if (!(await exists())) throw notFound(missing);
    return storage.commit(filesOf(media), async (trx) => ({ result: await write(trx, media), replaced: [] }));
  }

  const service = {
    /** GET /api/forum: every forum with its counts, by name. */
    async listForums(): Promise<TForumSummary[]> {
      const rows = await repo.listForums();
      return rows.map(presentForum).sort((a, b) => a.name.localeCompare(b.name, 'de') || a.id - b.id);
    },

    /** GET /api/forum/{id}: the forum and one page of its threads, newest activity first. */
    async forum(id: number, query: { page: number; pageSize: number }): Promise<TForum> {
      const [row] = await repo.listForums({ id });
      if (!row) throw notFound(FORUM_MESSAGES.forumNotFound);
      const threads = await repo.listThreads(id, (query.page - 1) * query.pageSize, query.pageSize);
      return {
        ...presentForum(row),
        threads: await presentThreads(threads),
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** POST /api/forum/: creates (without id) or updates a forum; returns it with its counts. */
    async saveForum(input: TForumValues): Promise<TForumSummary> {
      const values = {
        name: input.name,
        description: requiredRichText(
          input.description,
          'forum.description',
          FORUM_MESSAGES.descriptionRequired,
        ),
      };
      let id = input.id;
      if (id === undefined) id = await repo.insertForum(db, values);
      else if (!(await repo.updateForum(db, id, values))) throw notFound(FORUM_MESSAGES.forumNotFound);
      const [row] = await repo.listForums({ id });
      if (!row) throw notFound(FORUM_MESSAGES.forumNotFound);
      return presentForum(row);
    },

    /** Deletes the forum with its threads, posts and attachments; the files go after the commit. */
    async deleteForum(id: number): Promise<void> {
      const keys = await db.transaction().execute(async (trx) => {
        if (!(await repo.lockForum(trx, id))) throw notFound(FORUM_MESSAGES.forumNotFound);
        // A thread's documents go with its posts' (search-index.ts).
        await search.remove(trx, 'forum-thread', await repo.threadIdsOf(trx, id));
        return repo.deleteForum(trx, id);
      });
      await storage.discard(keys);
    },

    /**
     * GET /api/forumThread/{id}: the thread and one page of its posts, oldest first. `page: 'last'` answers
     * the last page; a page after the last is empty.
     */
    async thread(id: number, query: { page: number | 'last'; pageSize: number }): Promise<TForumThread> {
      const thread = await repo.findThread(db, id);
      if (!thread) throw notFound(FORUM_MESSAGES.threadNotFound);
      const forum = await repo.findForum(db, thread.forumId);
      if (!forum) throw notFound(FORUM_MESSAGES.threadNotFound);
      const pages = pageCount(thread.postCount, query.pageSize);
      const page = query.page === 'last' ? pages : query.page;
      const rows = await posts.listPosts(id, (page - 1) * query.pageSize, query.pageSize);
      return {
        id: thread.id,
        name: thread.name,
        forumId: forum.id,
        forumName: forum.name,
        author: author(thread.authorName),
        createdAt: iso(thread.createdAt),
        postCount: thread.postCount,
        page,
        pageSize: query.pageSize,
        pageCount: pages,
        posts: await presentPosts(rows),
      };
    },

    /** POST /api/forumThread/: a new thread with its first post; returns the thread's first page. */
    async createThread(
      principal: Principal,
      forumId: number,
      input: TForumThreadValues,
      uploads: readonly UploadedFile[],
    ): Promise<TForumThread> {
      const content = requiredRichText(input.content, 'forumThread.content', FORUM_MESSAGES.contentRequired);
      const id = await withMedia(
        uploads,
        async () => Boolean(await repo.findForum(db, forumId)),
        FORUM_MESSAGES.forumNotFound,
        async (trx, media) => {
          if (!(await repo.lockForum(trx, forumId))) throw notFound(FORUM_MESSAGES.forumNotFound);
          const now = new Date();
          const threadId = await repo.insertThread(trx, {
            forumId,
            name: input.name,
            authorId: principal.id,
            createdAt: now,
          });
          const post = { threadId, authorId: principal.id, content, isFirst: true, createdAt: now };
          const postId = await posts.insertPost(trx, post, media);
          await search.refresh(trx, { kind: 'forum-thread', id: threadId });
          await search.refresh(trx, { kind: 'forum-post', id: postId });
          return threadId;
        },
      );
      return service.thread(id, { page: 1, pageSize: FORUM_POSTS_PAGE_SIZE });
    },

    /** POST /api/forumPost/: a reply to a thread; returns the post. */
    async createPost(
      principal: Principal,
      threadId: number,
      input: TForumPostValues,
      uploads: readonly UploadedFile[],
    ): Promise<TForumPost> {
      const content = requiredRichText(input.content, 'forumPost.content', FORUM_MESSAGES.contentRequired);
      const id = await withMedia(
        uploads,
        async () => Boolean(await repo.findThread(db, threadId)),
        FORUM_MESSAGES.threadNotFound,
        async (trx, media) => {
          const now = new Date();
          if (!(await repo.addToThread(trx, threadId, 1, now))) throw notFound(FORUM_MESSAGES.threadNotFound);
          const post = { threadId, authorId: principal.id, content, isFirst: false, createdAt: now };
          const postId = await posts.insertPost(trx, post, media);
          await search.refresh(trx, { kind: 'forum-post', id: postId });
          return postId;
        },
      );
      const [post] = await presentPosts(await posts.findPosts(db, [id]));
      if (!post) throw notFound(FORUM_MESSAGES.postNotFound);
      return post;
    },

    /** Deletes the thread with its posts and attachments; the files go after the commit. */
    async deleteThread(id: number): Promise<void> {
      const keys = await db.transaction().execute(async (trx) => {
        if (!(await repo.lockThread(trx, id))) throw notFound(FORUM_MESSAGES.threadNotFound);
        await search.remove(trx, 'forum-thread', [id]);
        return repo.deleteThread(trx, id);
      });
      await storage.discard(keys);
    },

    /** Deletes a reply and its attachments; the first post of a thread is refused with 409. */
    async deletePost(id: number): Promise<void> {
      const keys = await db.transaction().execute(async (trx) => {
        const [found] = await posts.findPosts(trx, [id]);
        if (!found) throw notFound(FORUM_MESSAGES.postNotFound);
        if (found.isFirst) throw conflict(FORUM_MESSAGES.firstPostUndeletable);
        await repo.lockThread(trx, found.threadId);
        // Read again under the lock: the thread may have been deleted meanwhile.
        if ((await posts.findPosts(trx, [id])).length === 0) throw notFound(FORUM_MESSAGES.postNotFound);
        await search.remove(trx, 'forum-post', [id]);
        const removed = await posts.deletePosts(trx, { postId: id });
        await repo.recountThread(trx, found.threadId);
        return removed;
      });
      await storage.discard(keys);
    },
  };
  return service;
}
