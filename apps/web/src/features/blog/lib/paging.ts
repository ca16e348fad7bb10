/** Paging of the blog list (SPEC §9: 10 posts a page; the server sends `total` and `pageSize`). */
export function pageCount(total: number, pageSize: number): number {
  if (total <= 0 || pageSize <= 0) return 0;
  return Math.ceil(total / pageSize);
}

/** 1-based numbers of the first and last post shown on `page`; null for a page after the last. */
export function pageRange(
  page: number,
  pageSize: number,
  total: number,
): { from: number; to: number } | null {
  const from = (page - 1) * pageSize + 1;
  if (page < 1 || from > total) return null;
  return { from, to: Math.min(page * pageSize, total) };
}
