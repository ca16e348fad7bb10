import type { FastifyBaseLogger } from 'fastify';

/** Where a full disk showed: in files (uploads' temp files, the storage folder) or in the database. */
type DiskFullIn = 'files' | 'database';

/** Errnos of a write the file system had no room for: no space left, or the user's quota used up. */
const FULL_ERRNOS = new Set(['ENOSPC', 'EDQUOT']);
/** PostgreSQL's SQLSTATE disk_full. */
const POSTGRES_DISK_FULL = '53100';
/** SQLite's primary result code SQLITE_FULL ('database or disk is full'), as node:sqlite reports it. */
const SQLITE_FULL = 13;

/** Where `error` (or an error it was caused by) says the disk is full; undefined for any other error. */
export function diskFullIn(error: unknown): DiskFullIn | undefined {
  let current = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const { code, errcode } = current as { code?: unknown; errcode?: unknown };
    if (typeof code === 'string' && FULL_ERRNOS.has(code)) return 'files';
    if (code === POSTGRES_DISK_FULL) return 'database';
    // extended result codes keep the primary code in the low byte
    if (code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number' && (errcode & 0xff) === SQLITE_FULL)
      return 'database';
    current = current.cause;
  }
  return undefined;
}

/** A full disk is logged at most this often; the lines in between are counted (decision 0111). */
const REPORT_EVERY_MS = 60_000;

/**
 * Logs a full disk as the operator's problem it is: a warning without a stack, the first time at once, then
 * at most once a minute with the number of requests refused (507) since the line before, this one included;
 * files and database each on their own. A full disk refuses every write; a line per request would bury
 * everything else in the log.
 */
export function createDiskFullReport(): (log: FastifyBaseLogger, where: DiskFullIn, error: Error) => void {
  const reported = new Map<DiskFullIn, { at: number; refusals: number }>();
  return (log, where, error) => {
    const now = Date.now();
    const last = reported.get(where);
    if (last && now - last.at < REPORT_EVERY_MS) {
      last.refusals += 1;
      return;
    }
    const { path } = error as { path?: unknown };
    const refusals = (last?.refusals ?? 0) + 1;
    log.warn(
      { where, reason: error.message, ...(typeof path === 'string' ? { path } : {}), refusals },
      'disk full',
    );
    reported.set(where, { at: now, refusals: 0 });
  };
}
