import type { ThreadPageParam } from './paging';

/** Addresses of the forum screens (SPEC §2 'forum-view', 'thread-view'). */
export const FORUMS_PATH = '/forum';

export function forumPath(forumId: number): string {
  return `${FORUMS_PATH}/${forumId}`;
}

/** A thread's address; without `page` it opens at the member's first unread post (issue 17). */
export function threadPath(forumId: number, threadId: number, page?: ThreadPageParam): string {
  const path = `${forumPath(forumId)}/thread/${threadId}`;
  return page === undefined ? path : `${path}?page=${page}`;
}

/** The id of an address segment; a malformed one becomes 0, which the server refuses (shown as not found). */
export function positiveId(raw: string | undefined): number {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : 0;
}
