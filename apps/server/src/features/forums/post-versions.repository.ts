/**
 * The versions of edited posts (issue 37, decision 0186): a post never edited has no rows; its first edit
 * writes the original as version 1 and the new text as version 2, each later edit the next number. The last
 * version is the post's current text, so a post's versions are read from here alone.
 */
import type { Kysely } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';

/** What the thread page shows of a post's history: when it was last edited and how many versions it has. */
export interface VersionSummary {
  editedAt: Date;
  count: number;
}

export interface NewVersion {
  content: string;
  /** the thread's title with this version (first posts); null for replies */
  name: string | null;
  editorId: number | null;
  createdAt: Date;
}

/** A version with its editor's row (null columns: no such member any more). */
export interface VersionRow extends NewVersion {
  number: number;
  editorUsername: string | null;
  editorFirstName: string | null;
  editorLastName: string | null;
  editorErasedAt: Date | null;
}

export function createPostVersionsRepository(db: Kysely<DB>) {
  return {
    /** The history of each edited post among `postIds`, in one query (a page of a thread). */
    async summaries(postIds: readonly number[]): Promise<Map<number, VersionSummary>> {
      if (postIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('forumPostVersions')
        .select((eb) => [
          'postId',
          eb.fn.countAll<number>().as('count'),
          eb.fn.max('createdAt').as('editedAt'),
        ])
        .where('postId', 'in', postIds)
        .groupBy('postId')
        .execute();
      return new Map(rows.map((row) => [row.postId, { editedAt: row.editedAt, count: row.count }]));
    },

    /** The post's versions, oldest first, each with its editor. */
    list(executor: Executor, postId: number): Promise<VersionRow[]> {
      return executor
        .selectFrom('forumPostVersions as v')
        .leftJoin('users', 'users.id', 'v.editorId')
        .select([
          'v.number',
          'v.content',
          'v.name',
          'v.editorId',
          'v.createdAt',
          'users.username as editorUsername',
          'users.firstName as editorFirstName',
          'users.lastName as editorLastName',
          'users.erasedAt as editorErasedAt',
        ])
        .where('v.postId', '=', postId)
        .orderBy('v.number')
        .execute();
    },

    /** A post never edited as its one version: its text, a first post's thread title, its author. */
    async original(executor: Executor, postId: number): Promise<VersionRow | undefined> {
      const row = await executor
        .selectFrom('forumPosts as p')
        .innerJoin('forumThreads as t', 't.id', 'p.threadId')
        .leftJoin('users', 'users.id', 'p.authorId')
        .select([
          'p.content',
          'p.isFirst',
          't.name as threadName',
          'p.authorId as editorId',
          'p.createdAt',
          'users.username as editorUsername',
          'users.firstName as editorFirstName',
          'users.lastName as editorLastName',
          'users.erasedAt as editorErasedAt',
        ])
        .where('p.id', '=', postId)
        .executeTakeFirst();
      if (!row) return undefined;
      const { isFirst, threadName, ...version } = row;
      return { ...version, number: 1, name: isFirst ? threadName : null };
    },

    /**
     * Adds `next` as the post's newest version; the first edit also writes `original` as version 1. Runs
     * under the thread's lock (forum-edits.ts), so the numbers read here are the latest.
     */
    async append(executor: Executor, postId: number, original: NewVersion, next: NewVersion): Promise<void> {
      const last = await executor
        .selectFrom('forumPostVersions')
        .select((eb) => eb.fn.max('number').as('number'))
        .where('postId', '=', postId)
        .executeTakeFirst();
      const count = last?.number ?? 0;
      const rows = count === 0 ? [original, next] : [next];
      await executor
        .insertInto('forumPostVersions')
        .values(rows.map((row, index) => ({ ...row, postId, number: count + index + 1 })))
        .execute();
    },
  };
}
