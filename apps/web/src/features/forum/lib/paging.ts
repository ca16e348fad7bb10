/** Paging of a thread's posts and a forum's threads (the server answers one page at a time). */

/** A thread with more posts than this shows a second 'Antworten' button below its posts (SPEC §2). */
const BOTTOM_REPLY_AFTER_POSTS = 10;

export type ThreadPageParam = number | 'last';

/** The `?page=` of the thread address: a positive page number or `last`; anything else is page 1. */
export function parsePageParam(raw: string | null | undefined): ThreadPageParam {
  if (raw === 'last') return 'last';
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export function hasBottomReply(postCount: number): boolean {
  return postCount > BOTTOM_REPLY_AFTER_POSTS;
}

/** The 1-based number of the `index`-th post of `page` within the whole thread. */
export function postNumber(page: number, pageSize: number, index: number): number {
  return (page - 1) * pageSize + index + 1;
}
