/**
 * Paging of a list the server answers one page at a time (blog posts, forum threads and posts) and of the
 * large CSV tables. An empty list has one page, the empty first one, so page 1 is always a page that exists.
 */
export function pageCount(total: number, pageSize: number): number {
  if (total <= 0 || pageSize <= 0) return 1;
  return Math.ceil(total / pageSize);
}

/** 1-based numbers of the first and last item shown on `page`; null for a page before the first or after the last. */
export function pageRange(
  page: number,
  pageSize: number,
  total: number,
): { from: number; to: number } | null {
  const from = (page - 1) * pageSize + 1;
  if (page < 1 || from > total) return null;
  return { from, to: Math.min(page * pageSize, total) };
}
