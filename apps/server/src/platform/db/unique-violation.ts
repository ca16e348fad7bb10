/** Whether a write failed on a unique constraint: PostgreSQL's SQLSTATE 23505, SQLite's UNIQUE constraint. */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  if (code === '23505') return true;
  return /UNIQUE constraint failed/.test(error.message);
}
