import { FORUM_API, type TForum, type TForumSummary, type TForumUnread } from '@portal/contract';
import type { ForumWorld } from '../forums/forum-helpers.ts';
import { userId } from '../helpers/factories.ts';
import type { Headers } from '../helpers/world.ts';

/** PUT /api/forumThread/{id}/follow. */
export function follow(w: ForumWorld, headers: Headers, threadId: number | string, body: unknown) {
  return w.t.app.inject({
    method: 'PUT',
    url: FORUM_API.follow(threadId),
    headers,
    payload: body as object,
  });
}

/** The member's row of forum_thread_readers for the thread, if any. */
export async function readerRow(w: ForumWorld, threadId: number, username: string) {
  return w.t.database.db
    .selectFrom('forumThreadReaders')
    .selectAll()
    .where('threadId', '=', threadId)
    .where('userId', '=', await userId(w, username))
    .executeTakeFirst();
}

/**
 * Writes the member's notification settings straight into the table (the settings API is tested on its own).
 */
export async function setForumReplies(
  w: ForumWorld,
  username: string,
  forumReplies: boolean,
  version = 0,
): Promise<void> {
  const id = await userId(w, username);
  const { db } = w.t.database;
  await db.deleteFrom('notificationSettings').where('userId', '=', id).execute();
  await db
    .insertInto('notificationSettings')
    .values({ userId: id, forumReplies, digest: 'daily', version, updatedAt: new Date() })
    .execute();
}

/** The reply mails queued for a thread (any status), oldest first. */
export function replyMails(w: ForumWorld, threadId: number) {
  return w.t.database.db
    .selectFrom('mailOutbox')
    .selectAll()
    .where('topic', 'like', `forum-thread:${threadId}:%`)
    .orderBy('id')
    .execute();
}

/** The recipients of the thread's reply mails, in the order they were queued. */
export async function mailedTo(w: ForumWorld, threadId: number): Promise<string[]> {
  return (await replyMails(w, threadId)).map((row) => row.recipient);
}

/** The thread as it shows in its forum's list for the member. */
export async function threadInForum(w: ForumWorld, forumId: number, threadId: number, headers: Headers) {
  const forum = await w.json<TForum>(`${FORUM_API.byId(forumId)}?pageSize=100`, headers);
  return forum.threads.find((thread) => thread.id === threadId);
}

export async function forumInList(w: ForumWorld, forumId: number, headers: Headers) {
  const forums = await w.json<TForumSummary[]>(FORUM_API.list, headers);
  return forums.find((forum) => forum.id === forumId);
}

/** GET /api/forum/unread: the 'Neu im Forum' count. */
export async function unreadThreads(w: ForumWorld, headers: Headers): Promise<number> {
  return (await w.json<TForumUnread>(FORUM_API.unread, headers)).threads;
}
