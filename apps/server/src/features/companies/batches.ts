/**
 * Lists of ids or keys in a query's IN go in batches: a 5,000-company import or export must not send one
 * statement with thousands of parameters (SQLite allows 32,766, PostgreSQL 65,535, and both plan them slowly).
 */
export const PER_QUERY = 500;

export function batches<T>(values: readonly T[], size = PER_QUERY): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < values.length; start += size) result.push(values.slice(start, start + size));
  return result;
}
