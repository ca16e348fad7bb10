/** Paging of a thread's posts and a forum's threads (the server answers one page at a time). */

/** A thread with more posts than this shows a second 'Antworten' button below its posts (SPEC §2). */
const BOTTOM_REPLY_AFTER_POSTS = 10;

/** The page of a thread to ask for: a number, `last`, or `unread` (the page of the first unread post). */
export type ThreadPageParam = number | 'last' | 'unread';

/** The `?page=` of an address: a positive page number, `last` or `unread`; anything else is page 1. */
export function parsePageParam(raw: string | null | undefined): ThreadPageParam {
  if (raw === 'last' || raw === 'unread') return raw;
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** A forum's page of threads from its `?page=`: a number, else page 1. */
export function forumPageOf(search: URLSearchParams): number {
  const page = parsePageParam(search.get('page'));
  return typeof page === 'number' ? page : 1;
}

/**
 * Which page of a thread its address asks for (issue 17). A thread opened without `?page=` (from the
 * forum's list, a bookmark) opens where the member stopped reading: `unread`. A search hit's `?post=`
 * without a page is on page 1, the way the search writes its addresses.
 */
export function threadPageOf(search: URLSearchParams): ThreadPageParam {
  const raw = search.get('page');
  if (raw !== null) return parsePageParam(raw);
  return search.has('post') ? 1 : 'unread';
}

/**
 * The page to show: the one the address asks for, but once the `unread` answer is in, the page it landed
 * on. Asking for `unread` again would land elsewhere: opening the thread has marked it read.
 */
export function shownPage(requested: ThreadPageParam, landedOn: number | null): ThreadPageParam {
  return requested === 'unread' && landedOn !== null ? landedOn : requested;
}

export function hasBottomReply(postCount: number): boolean {
  return postCount > BOTTOM_REPLY_AFTER_POSTS;
}

/** The 1-based number of the `index`-th post of `page` within the whole thread. */
export function postNumber(page: number, pageSize: number, index: number): number {
  return (page - 1) * pageSize + index + 1;
}
