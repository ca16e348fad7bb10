/**
 * What the forums' notifications share (issue 37): who may get one (a member who can read the forums) and the
 * place a post opens at. Everything runs on the executor of the write's transaction.
 */
import { APP_PATHS, FORUM_POSTS_PAGE_SIZE, ROLES } from '@portal/contract';
import type { Executor } from '../../platform/db/executor.ts';
import { readsForums } from './forum-visibility.ts';

/** users.role holds the highest role: those that may read the forums. */
export const FORUM_ROLES = ROLES.filter((role) => readsForums([role]));

/** A member who can see every thread (forums have no groups): enabled, not erased, with a forum role. */
export interface ForumMember {
  id: number;
  email: string | null;
}

/** Of these members, those who can see the forums' threads now, by id. */
export async function forumMembers(executor: Executor, userIds: readonly number[]): Promise<ForumMember[]> {
  if (userIds.length === 0) return [];
  return executor
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', 'in', [...new Set(userIds)])
    .where('role', 'in', FORUM_ROLES)
    .where('disabled', '=', false)
    .where('erasedAt', 'is', null)
    .orderBy('id')
    .execute();
}

/** Where a post is: its thread and forum, and the app path that opens the thread at the post's page. */
export interface PostPlace {
  postId: number;
  authorId: number | null;
  threadId: number;
  threadName: string;
  forumId: number;
  forumName: string;
  content: string;
  page: number;
  link: string;
}

/** The post's place, undefined when the post (or its thread) is gone. */
export async function placeOf(executor: Executor, postId: number): Promise<PostPlace | undefined> {
  const post = await executor
    .selectFrom('forumPosts')
    .innerJoin('forumThreads', 'forumThreads.id', 'forumPosts.threadId')
    .innerJoin('forums', 'forums.id', 'forumThreads.forumId')
    .select([
      'forumPosts.id',
      'forumPosts.authorId',
      'forumPosts.content',
      'forumPosts.createdAt',
      'forumPosts.threadId',
      'forumThreads.name as threadName',
      'forumThreads.forumId',
      'forums.name as forumName',
    ])
    .where('forumPosts.id', '=', postId)
    .executeTakeFirst();
  if (!post) return undefined;
  // its position as the thread's pages count: by time, then id (forum-posts.repository.ts listPosts)
  const before = await executor
    .selectFrom('forumPosts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('threadId', '=', post.threadId)
    .where((eb) =>
      eb.or([
        eb('createdAt', '<', post.createdAt),
        eb.and([eb('createdAt', '=', post.createdAt), eb('id', '<', post.id)]),
      ]),
    )
    .executeTakeFirst();
  const page = Math.floor(Number(before?.n ?? 0) / FORUM_POSTS_PAGE_SIZE) + 1;
  return {
    postId: post.id,
    authorId: post.authorId,
    threadId: post.threadId,
    threadName: post.threadName,
    forumId: post.forumId,
    forumName: post.forumName,
    content: post.content,
    page,
    link: APP_PATHS.thread(post.forumId, post.threadId, { page, post: post.id }),
  };
}
