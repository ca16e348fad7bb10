import {
  FORUM_MESSAGES,
  FORUM_POSTS_PAGE_SIZE,
  type TForum,
  type TForumFollow,
  type TForumPost,
  type TForumPostValues,
  type TForumSummary,
  type TForumThread,
  type TForumThreadValues,
  type TForumUnread,
  type TForumValues,
} from '@portal/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import type { DB } from '../../platform/db/schema.ts';
import { requiredRichText } from '../../platform/html/rich-text.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import type { FileStore } from '../../platform/storage/file-store.ts';
import type { UrlSigner } from '../../platform/storage/signed-url.ts';
import type { UploadedFile } from '../../platform/uploads/multipart-file.ts';
import type { SearchIndex } from '../search/index.ts';
import { createForumEdits, type PostDeletedListener, type PostEditInput } from './forum-edits.ts';
import { createForumPostsRepository } from './forum-posts.repository.ts';
import { createForumPresenter, iso } from './forum-presenter.ts';
import { createForumReadersRepository, type ForumReader } from './forum-readers.repository.ts';
import { createForumReplyMails, type ForumReplyMailDeps } from './forum-reply-mails.ts';
import { createForumsRepository } from './forums.repository.ts';
import {
  auditForumDelete,
  auditForumSave,
  auditPostCreate,
  auditPostDelete,
  auditThreadCreate,
  auditThreadDelete,
} from './forums-audit.ts';
import { filesOf, type PreparedMedia, prepareMedia } from './post-media.ts';
import { createThreadReading, type ThreadPage } from './thread-reading.ts';

export interface ForumsFeatureDeps {
  db: Kysely<DB>;
  storage: FileStore;
  signer: UrlSigner;
  search: SearchIndex;
  /** reply mails to followers (issue 17); without it (the demo data) no mails are queued */
  replyMails?: ForumReplyMailDeps;
  /** told of every post written (new or edited) in its transaction: mentions and the notification centre */
  postWritten?: readonly PostWrittenListener[];
  /** told when a member deletes their reply, in its transaction: what refers to the post (its row stays) */
  postDeleted?: readonly PostDeletedListener[];
}

/** A post as it was just written; `edited` false for a new post, true after an edit (issue 37). */
export interface PostWritten {
  postId: number;
  threadId: number;
  authorId: number;
  content: string;
  isFirst: boolean;
  edited: boolean;
  /** who wrote the edit (an admin may edit another's post); absent for a new post */
  editorId?: number;
  at: Date;
}
export type PostWrittenListener = (trx: Kysely<DB>, post: PostWritten) => Promise<void>;

/**
 * Forums, threads and posts (SPEC §7). Every write that adds or removes posts runs in one transaction that
 * first locks the forum (new thread, forum deletion) or the thread (reply, post or thread deletion), so that a
 * deletion never misses the files of a reply written at the same moment. Attachments are checked and
 * converted before anything is written, stored before the transaction and removed again when it fails;
 * the files of deleted posts go after the commit.
 */
export function createForumsService(deps: ForumsFeatureDeps) {
  const { db, storage, search } = deps;
  const repo = createForumsRepository(db);
  const posts = createForumPostsRepository(db);
  const readers = createForumReadersRepository(db);
  const present = createForumPresenter(deps);
  const reading = createThreadReading(db);
  const mails = deps.replyMails ? createForumReplyMails(db, deps.replyMails) : undefined;
  const written = async (trx: Kysely<DB>, post: PostWritten) => {
    for (const listener of deps.postWritten ?? []) await listener(trx, post);
  };
  // issue 37: edits, versions and members' deletions of their replies
  const edits = createForumEdits({ db, storage, search, written, deleted: deps.postDeleted });

  /** The forums (one or all) with the reader's unread threads in each (none without a reader). */
  async function forumsFor(reader: ForumReader | undefined, id?: number): Promise<TForumSummary[]> {
    const rows = await repo.listForums(id === undefined ? {} : { id });
    const unread = reader ? await readers.unreadThreadsByForum(reader, id) : new Map();
    return rows.map((row) => present.forum(row, unread.get(row.id) ?? 0));
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
    /** GET /api/forum: every forum with its counts and the member's unread threads, by name. */
    async listForums(viewer: Principal): Promise<TForumSummary[]> {
      const forums = await forumsFor(await readers.reader(viewer.id));
      return forums.sort((a, b) => a.name.localeCompare(b.name, 'de') || a.id - b.id);
    },

    /** GET /api/forum/{id}: the forum and one page of its threads, newest activity first, with unread posts. */
    async forum(viewer: Principal, id: number, query: { page: number; pageSize: number }): Promise<TForum> {
      const reader = await readers.reader(viewer.id);
      const [forum] = await forumsFor(reader, id);
      if (!forum) throw notFound(FORUM_MESSAGES.forumNotFound);
      const threads = await repo.listThreads(id, (query.page - 1) * query.pageSize, query.pageSize);
      const unread = await readers.unreadCounts(
        reader,
        threads.map((thread) => thread.id),
      );
      return {
        ...forum,
        threads: await present.threads(threads, unread),
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** GET /api/forum/unread: the number of threads with posts the member has not seen ('Neu im Forum'). */
    async unread(viewer: Principal): Promise<TForumUnread> {
      return { threads: await readers.unreadThreadCount(await readers.reader(viewer.id)) };
    },

    /**
     * POST /api/forum/: creates (without id) or updates a forum, logged as `viewer`'s (the demo data has none);
     * returns it with its counts and the unread threads of `viewer` (none without).
     */
    async saveForum(input: TForumValues, viewer?: Principal): Promise<TForumSummary> {
      const values = {
        name: input.name,
        description: await requiredRichText(
          input.description,
          'forum.description',
          FORUM_MESSAGES.descriptionRequired,
        ),
      };
      const id = await db.transaction().execute(async (trx) => {
        const before = input.id === undefined ? undefined : await repo.findForum(trx, input.id);
        if (input.id !== undefined && !before) throw notFound(FORUM_MESSAGES.forumNotFound);
        const forumId = before ? before.id : await repo.insertForum(trx, values);
        if (before && !(await repo.updateForum(trx, forumId, values))) {
          throw notFound(FORUM_MESSAGES.forumNotFound);
        }
        await auditForumSave(trx, viewer, forumId, { before, after: values });
        return forumId;
      });
      const [forum] = await forumsFor(viewer && (await readers.reader(viewer.id)), id);
      if (!forum) throw notFound(FORUM_MESSAGES.forumNotFound);
      return forum;
    },

    /** Deletes the forum with its threads, posts and attachments; the files go after the commit. */
    async deleteForum(principal: Principal, id: number): Promise<void> {
      const keys = await db.transaction().execute(async (trx) => {
        if (!(await repo.lockForum(trx, id))) throw notFound(FORUM_MESSAGES.forumNotFound);
        const forum = await repo.findForum(trx, id);
        if (!forum) throw notFound(FORUM_MESSAGES.forumNotFound);
        const threadIds = await repo.threadIdsOf(trx, id);
        await auditForumDelete(trx, principal, id, { ...forum, threads: threadIds.length });
        // A thread's documents go with its posts' (search-index.ts).
        await search.remove(trx, 'forum-thread', threadIds);
        return repo.deleteForum(trx, id);
      });
      await storage.discard(keys);
    },

    /**
     * GET /api/forumThread/{id}: the thread and one page of its posts, oldest first. `page: 'last'` answers
     * the last page, `page: 'unread'` the page of the first post the member has not seen (the last page when
     * there is none); a page after the last is empty. The member's unread posts are answered as they were
     * before, and the whole thread is marked read.
     */
    async thread(
      viewer: Principal,
      id: number,
      query: { page: ThreadPage; pageSize: number; post?: number | undefined },
    ): Promise<TForumThread> {
      const opened = await reading.open(id, viewer.id, query);
      if (!opened) throw notFound(FORUM_MESSAGES.threadNotFound);
      const { thread, visit } = opened;
      const rows = await posts.listPosts(
        id,
        (visit.page - 1) * query.pageSize,
        query.pageSize,
        thread.postCount,
      );
      await visit.markRead();
      return {
        id: thread.id,
        name: thread.name,
        forumId: thread.forumId,
        forumName: thread.forumName,
        author: present.author(thread),
        createdAt: iso(thread.createdAt),
        postCount: thread.postCount,
        page: visit.page,
        pageSize: query.pageSize,
        pageCount: visit.pageCount,
        posts: await present.posts(rows, viewer.id),
        following: visit.following,
        unread: visit.unread,
        firstUnreadPostId: visit.firstUnreadPostId,
      };
    },

    /** PUT /api/forumThread/{id}/follow: the member follows the thread (reply mails) or stops. */
    async follow(viewer: Principal, id: number, input: TForumFollow): Promise<TForumFollow> {
      if (!(await repo.findThread(db, id))) throw notFound(FORUM_MESSAGES.threadNotFound);
      try {
        await readers.follow(db, id, viewer.id, input.following);
      } catch (error) {
        // deleted meanwhile
        if (!(await repo.findThread(db, id))) throw notFound(FORUM_MESSAGES.threadNotFound);
        throw error;
      }
      return { following: input.following };
    },

    /** POST /api/forumThread/: a new thread with its first post; returns the thread's first page. */
    async createThread(
      principal: Principal,
      forumId: number,
      input: TForumThreadValues,
      uploads: readonly UploadedFile[],
    ): Promise<TForumThread> {
      const content = await requiredRichText(
        input.content,
        'forumThread.content',
        FORUM_MESSAGES.contentRequired,
      );
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
          await written(trx, { ...post, postId, edited: false, at: now });
          // The author follows the thread; nobody else does yet, so nobody is mailed.
          await readers.wrote(trx, threadId, principal.id, { id: postId, at: now });
          // A member's own thread is no admin action; an admin's is logged.
          if (principal.isAdmin) {
            const forum = await repo.findForum(trx, forumId);
            await auditThreadCreate(trx, principal, threadId, {
              name: input.name,
              forum: forum?.name ?? '',
              content,
            });
          }
          return threadId;
        },
      );
      return service.thread(principal, id, { page: 1, pageSize: FORUM_POSTS_PAGE_SIZE });
    },

    /**
     * POST /api/forumPost/: a reply to a thread; returns the post. The author follows the thread (unless they
     * chose not to) and has read it up to the reply; its followers are mailed in the same transaction.
     */
    async createPost(
      principal: Principal,
      threadId: number,
      input: TForumPostValues,
      uploads: readonly UploadedFile[],
    ): Promise<TForumPost> {
      const content = await requiredRichText(
        input.content,
        'forumPost.content',
        FORUM_MESSAGES.contentRequired,
      );
      const { id, mailed } = await withMedia(
        uploads,
        async () => Boolean(await repo.findThread(db, threadId)),
        FORUM_MESSAGES.threadNotFound,
        async (trx, media) => {
          const now = new Date();
          if (!(await repo.addToThread(trx, threadId, 1, now))) throw notFound(FORUM_MESSAGES.threadNotFound);
          const post = { threadId, authorId: principal.id, content, isFirst: false, createdAt: now };
          const postId = await posts.insertPost(trx, post, media);
          await search.refresh(trx, { kind: 'forum-post', id: postId });
          await written(trx, { ...post, postId, edited: false, at: now });
          await readers.wrote(trx, threadId, principal.id, { id: postId, at: now });
          // A member's own reply is no admin action; an admin's is logged.
          if (principal.isAdmin) {
            const thread = await repo.findThread(trx, threadId);
            await auditPostCreate(trx, principal, postId, { thread: thread?.name ?? '', content });
          }
          const reply = { threadId, postId, content, author: principal, at: now };
          return { id: postId, mailed: mails ? await mails.queue(trx, reply) : 0 };
        },
      );
      if (mailed > 0) mails?.notify();
      const [post] = await present.posts(await posts.findPosts(db, [id]), principal.id);
      if (!post) throw notFound(FORUM_MESSAGES.postNotFound);
      return post;
    },

    /** Deletes the thread with its posts and attachments; the files go after the commit. */
    async deleteThread(principal: Principal, id: number): Promise<void> {
      const keys = await db.transaction().execute(async (trx) => {
        if (!(await repo.lockThread(trx, id))) throw notFound(FORUM_MESSAGES.threadNotFound);
        const thread = await repo.findThread(trx, id);
        if (!thread) throw notFound(FORUM_MESSAGES.threadNotFound);
        const forum = await repo.findForum(trx, thread.forumId);
        await auditThreadDelete(trx, principal, id, {
          name: thread.name,
          forum: forum?.name ?? '',
          posts: thread.postCount,
        });
        await search.remove(trx, 'forum-thread', [id]);
        return repo.deleteThread(trx, id);
      });
      await storage.discard(keys);
    },

    /** PUT /api/forumPost/{id} (issue 37): the post as it is after the edit. */
    async editPost(principal: Principal, id: number, input: PostEditInput): Promise<TForumPost> {
      await edits.editPost(principal, id, input);
      const [post] = await present.posts(await posts.findPosts(db, [id]), principal.id);
      if (!post) throw notFound(FORUM_MESSAGES.postNotFound);
      return post;
    },

    renameThread: edits.renameThread,
    postVersions: edits.versions,

    /**
     * Deletes a reply and its attachments (an admin); the first post of a thread is refused with 409. A member
     * deletes only their own reply, which stays as 'Beitrag gelöscht' (forum-edits.ts).
     */
    async deletePost(principal: Principal, id: number): Promise<void> {
      if (!principal.isAdmin) return edits.deleteOwnReply(principal, id);
      const keys = await db.transaction().execute(async (trx) => {
        const [found] = await posts.findPosts(trx, [id]);
        if (!found) throw notFound(FORUM_MESSAGES.postNotFound);
        if (found.isFirst) throw conflict(FORUM_MESSAGES.firstPostUndeletable);
        await repo.lockThread(trx, found.threadId);
        // Read again under the lock: the thread may have been deleted meanwhile.
        if ((await posts.findPosts(trx, [id])).length === 0) throw notFound(FORUM_MESSAGES.postNotFound);
        const thread = await repo.findThread(trx, found.threadId);
        await auditPostDelete(trx, principal, id, { thread: thread?.name ?? '', content: found.content });
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

export type ForumsService = ReturnType<typeof createForumsService>;
