/**
 * Members change what they wrote (issue 37 point 1, decisions 0186, 0187): the author or an admin edits a post
 * (its text, its attachments and, for a thread's first post, the thread's title), every edit kept as a
 * version; a member deletes their own reply, which stays in place as 'Beitrag gelöscht'. Every write locks the
 * thread's row first, as replies and deletions do (decision 0034): two edits of one post at once follow each
 * other, each a version of its own.
 */
import {
  CONVERSATION_MESSAGES,
  FORUM_MESSAGES,
  FORUM_POST_MEDIA_MAX,
  personName,
  type TForumPostVersion,
  type TForumPostVersions,
} from '@portal/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { requiredRichText } from '../../platform/html/rich-text.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import type { FileStore } from '../../platform/storage/file-store.ts';
import type { UploadedFile } from '../../platform/uploads/multipart-file.ts';
import type { SearchIndex } from '../search/index.ts';
import { createForumPostsRepository, type PostRow } from './forum-posts.repository.ts';
import { iso } from './forum-presenter.ts';
import { createForumsRepository, type ThreadRow } from './forums.repository.ts';
import { auditPostEdit, auditThreadRename } from './forums-audit.ts';
import { keysOf, postEdits } from './post-edits.repository.ts';
import { filesOf, type PreparedMedia, prepareMedia } from './post-media.ts';
import { createPostVersionsRepository, type VersionRow } from './post-versions.repository.ts';

/** What a reply's deletion by its author tells listeners (reactions to clear), in its transaction. */
interface PostDeleted {
  postId: number;
  threadId: number;
  authorId: number;
}
export type PostDeletedListener = (trx: Kysely<DB>, post: PostDeleted) => Promise<void>;

/** PUT /api/forumPost/{id} as the route read it, multipart or JSON. */
export interface PostEditInput {
  content: string;
  name?: string | undefined;
  removeMedia: readonly number[];
  uploads: readonly UploadedFile[];
  /** the body's path of the post's fields, for errors: 'forumPost.' (multipart) or '' (JSON) */
  fields: string;
}

/** An edit as apply takes it, its text sanitised; `content` undefined keeps the text. */
interface PostChange {
  content: string | undefined;
  name: string | undefined;
  remove: readonly number[];
  media: readonly PreparedMedia[];
}

/** Whose the edited thing is and what a refusal says: a post is its author's, a title its thread's author's. */
interface Target {
  postId: number;
  /** as in PostEditInput */
  fields: string;
  owner: (post: PostRow, thread: ThreadRow) => number | null;
  refused: string;
  missing: string;
}

export interface ForumEditsDeps {
  db: Kysely<DB>;
  storage: FileStore;
  search: SearchIndex;
  /** the post-written listeners (forums.service.ts), told of every edit */
  written: (
    trx: Kysely<DB>,
    post: {
      postId: number;
      threadId: number;
      authorId: number;
      editorId: number;
      content: string;
      isFirst: boolean;
      edited: true;
      at: Date;
    },
  ) => Promise<void>;
  deleted?: readonly PostDeletedListener[] | undefined;
}

const postOwner = (post: PostRow) => post.authorUserId;
const threadOwner = (_post: PostRow, thread: ThreadRow) => thread.authorId;

function presentVersion(row: VersionRow): TForumPostVersion {
  const editor =
    row.editorId === null || row.editorUsername === null || row.editorErasedAt !== null
      ? null
      : {
          id: row.editorId,
          username: row.editorUsername,
          name: personName({
            username: row.editorUsername,
            firstName: row.editorFirstName,
            lastName: row.editorLastName,
          }),
        };
  return { number: row.number, createdAt: iso(row.createdAt), editor, content: row.content, name: row.name };
}

export function createForumEdits(deps: ForumEditsDeps) {
  const { db, storage, search } = deps;
  const repo = createForumsRepository(db);
  const posts = createForumPostsRepository(db);
  const versions = createPostVersionsRepository(db);

  /** The post and its thread, or 404 with `missing`. */
  async function find(executor: Executor, postId: number, missing: string) {
    const [post] = await posts.findPosts(executor, [postId]);
    const thread = post && (await repo.findThread(executor, post.threadId));
    if (!post || !thread) throw notFound(missing);
    return { post, thread };
  }

  /** 403 unless the principal is an admin or the owner; 409 for a deleted reply. */
  function authorise(principal: Principal, found: { post: PostRow; thread: ThreadRow }, target: Target) {
    if (!principal.isAdmin && target.owner(found.post, found.thread) !== principal.id) {
      throw forbidden(target.refused);
    }
    if (found.post.deletedAt !== null) throw conflict(CONVERSATION_MESSAGES.postDeleted);
  }

  /**
   * Applies the change under the thread's lock: nothing when it changes nothing; else the versions (the
   * original first, the first time), the post, the title, the attachments, the search index, the audit of an
   * admin's edit of another's post and the listeners, in one transaction. New files are stored before it and
   * removed again when it fails; removed attachments' files go after the commit.
   */
  async function apply(principal: Principal, target: Target, change: PostChange): Promise<void> {
    // Refused before any file is stored, and checked again under the lock.
    const before = await find(db, target.postId, target.missing);
    authorise(principal, before, target);
    if (change.name !== undefined && !before.post.isFirst) {
      const message = CONVERSATION_MESSAGES.nameOnlyFirst;
      throw badRequest(message, { [`${target.fields}name`]: message });
    }
    await storage.commit(filesOf(change.media), async (trx) => {
      if (!(await repo.lockThread(trx, before.post.threadId))) throw notFound(target.missing);
      const found = await find(trx, target.postId, target.missing);
      authorise(principal, found, target);
      const replaced = await write(trx, principal, target, found, change);
      return { result: undefined, replaced };
    });
  }

  /** The writes of apply; returns the storage keys of the attachments removed. */
  async function write(
    trx: Transaction<DB>,
    principal: Principal,
    target: Target,
    { post, thread }: { post: PostRow; thread: ThreadRow },
    change: PostChange,
  ): Promise<string[]> {
    const media = await postEdits.media(trx, post.id);
    const removed = media.filter((file) => change.remove.includes(file.id));
    if (removed.length !== new Set(change.remove).size) {
      throw badRequest(CONVERSATION_MESSAGES.removeMediaInvalid, {
        removeMedia: CONVERSATION_MESSAGES.removeMediaInvalid,
      });
    }
    const kept = media.filter((file) => !change.remove.includes(file.id));
    if (kept.length + change.media.length > FORUM_POST_MEDIA_MAX) {
      throw badRequest(FORUM_MESSAGES.tooManyMedia, { forumPostMedia: FORUM_MESSAGES.tooManyMedia });
    }
    const content = change.content ?? post.content;
    const name = post.isFirst ? (change.name ?? thread.name) : null;
    const edited = content !== post.content || change.media.length > 0 || removed.length > 0;
    const renamed = name !== null && name !== thread.name;
    if (!edited && !renamed) return [];

    const at = new Date();
    const original = {
      content: post.content,
      name: post.isFirst ? thread.name : null,
      editorId: post.authorUserId,
      createdAt: post.createdAt,
    };
    await versions.append(trx, post.id, original, { content, name, editorId: principal.id, createdAt: at });
    if (edited) {
      await postEdits.updateContent(trx, post.id, content, at);
      const after = Math.max(-1, ...media.map((file) => file.position));
      await postEdits.changeMedia(trx, post.id, {
        remove: removed.map((file) => file.id),
        add: change.media,
        after,
        at,
      });
      await search.refresh(trx, { kind: 'forum-post', id: post.id });
    }
    if (renamed) {
      await postEdits.renameThread(trx, thread.id, name, at);
      await search.refresh(trx, { kind: 'forum-thread', id: thread.id });
    }
    // A member's own edit is no admin action; an admin's edit of another's post is logged.
    if (principal.isAdmin && target.owner(post, thread) !== principal.id) {
      const names = (files: readonly { originalFilename: string }[]) => files.map((f) => f.originalFilename);
      await auditPostEdit(trx, principal, post.id, {
        thread: name ?? thread.name,
        before: { content: post.content, attachments: names(media) },
        after: { content, attachments: [...names(kept), ...names(change.media)] },
      });
      if (renamed) await auditThreadRename(trx, principal, thread.id, { before: thread.name, after: name });
    }
    await deps.written(trx, {
      postId: post.id,
      threadId: thread.id,
      authorId: post.authorUserId ?? principal.id,
      editorId: principal.id,
      content,
      isFirst: post.isFirst,
      edited: true,
      at,
    });
    return keysOf(removed);
  }

  return {
    /**
     * PUT /api/forumPost/{id}: the author's or an admin's edit. The text is sanitised as a new post's is and the
     * new files are checked as a new post's are, before anything is written.
     */
    async editPost(principal: Principal, postId: number, input: PostEditInput): Promise<void> {
      const content = await requiredRichText(
        input.content,
        `${input.fields}content`,
        FORUM_MESSAGES.contentRequired,
      );
      const media = await prepareMedia(input.uploads);
      const target = {
        postId,
        fields: input.fields,
        owner: postOwner,
        refused: CONVERSATION_MESSAGES.notYours,
        missing: FORUM_MESSAGES.postNotFound,
      };
      await apply(principal, target, { content, name: input.name, remove: input.removeMedia, media });
    },

    /** PUT /api/forumThread/{id}: the title, as an edit of the thread's first post. */
    async renameThread(
      principal: Principal,
      threadId: number,
      name: string,
    ): Promise<{ id: number; name: string }> {
      const first = await db
        .selectFrom('forumPosts')
        .select('id')
        .where('threadId', '=', threadId)
        .where('isFirst', '=', true)
        .executeTakeFirst();
      if (!first) throw notFound(FORUM_MESSAGES.threadNotFound);
      const target = {
        postId: first.id,
        fields: '',
        owner: threadOwner,
        refused: CONVERSATION_MESSAGES.threadNotYours,
        missing: FORUM_MESSAGES.threadNotFound,
      };
      await apply(principal, target, { content: undefined, name, remove: [], media: [] });
      return { id: threadId, name };
    },

    /** GET /api/forumPost/{id}/versions: oldest first, the current text last; one for a post never edited. */
    async versions(postId: number): Promise<TForumPostVersions> {
      const { post } = await find(db, postId, FORUM_MESSAGES.postNotFound);
      if (post.deletedAt !== null) throw notFound(CONVERSATION_MESSAGES.postDeleted);
      const rows = await versions.list(db, postId);
      const original = rows.length > 0 ? undefined : await versions.original(db, postId);
      if (rows.length === 0 && !original) throw notFound(FORUM_MESSAGES.postNotFound);
      return { postId, versions: (original ? [original] : rows).map(presentVersion) };
    },

    /**
     * DELETE /api/forumPost/{id} by a member: only their own reply, which becomes 'Beitrag gelöscht' in place
     * (the thread's counts stay); its attachments' files go after the commit. A reply deleted already is
     * left as it is (204 again).
     */
    async deleteOwnReply(principal: Principal, postId: number): Promise<void> {
      const keys = await db.transaction().execute(async (trx) => {
        const before = await find(trx, postId, FORUM_MESSAGES.postNotFound);
        if (postOwner(before.post) !== principal.id) throw forbidden(CONVERSATION_MESSAGES.notYours);
        if (before.post.isFirst) throw conflict(FORUM_MESSAGES.firstPostUndeletable);
        if (!(await repo.lockThread(trx, before.post.threadId))) throw notFound(FORUM_MESSAGES.postNotFound);
        // Read again under the lock: an edit or the thread's deletion may have come first.
        const { post } = await find(trx, postId, FORUM_MESSAGES.postNotFound);
        if (post.deletedAt !== null) return [];
        for (const listener of deps.deleted ?? []) {
          await listener(trx, { postId, threadId: post.threadId, authorId: principal.id });
        }
        await search.remove(trx, 'forum-post', [postId]);
        return postEdits.tombstone(trx, postId, new Date());
      });
      await storage.discard(keys);
    },
  };
}
