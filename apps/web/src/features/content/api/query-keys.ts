/** A page of a table's rows (GET /api/content/{id}/rows). */
export interface RowsQuery {
  offset: number;
  limit: number;
  q?: string | undefined;
}

/** TanStack Query keys of content items and the row pages of their tables. */
export const contentKeys = {
  all: ['content'] as const,
  items: (categoryId: number) => [...contentKeys.all, 'items', categoryId] as const,
  rowsOf: (itemId: number) => [...contentKeys.all, 'rows', itemId] as const,
  rows: (itemId: number, query: RowsQuery) => [...contentKeys.rowsOf(itemId), query] as const,
};
