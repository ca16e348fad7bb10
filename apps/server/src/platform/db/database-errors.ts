/**
 * The two ways database work ends that are nobody's defect: the database cannot be used now (an outage, a
 * read-only standby, a request out of time), answered 503 with `Retry-After` (platform/http/errors.ts maps
 * the codes); and a request whose client left, whose uncommitted work is cancelled.
 */

/** The database cannot be reached, did not answer in time, or takes no writes now. */
export class DatabaseUnavailableError extends Error {
  readonly code = 'PORTAL_DATABASE_UNAVAILABLE';
  readonly statusCode = 503;
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`database unavailable: ${reason}`, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** The request's client closed its connection before the answer: what it had not committed is not. */
export class RequestAbandonedError extends Error {
  readonly code = 'PORTAL_REQUEST_ABANDONED';
  constructor() {
    super('the client left before the answer: its database work was cancelled');
    this.name = 'RequestAbandonedError';
  }
}

export function isDatabaseUnavailable(error: unknown): error is DatabaseUnavailableError {
  return error instanceof DatabaseUnavailableError;
}

/**
 * Which limit ended database work that took too long (the metrics count them), undefined for any other
 * error: PostgreSQL's statement_timeout (SQLSTATE 57014), a database that did not answer within the client's
 * deadline, a request whose database time was used up, or a SQLite lock held past the busy timeout.
 */
export function timeoutKind(error: unknown): 'statement' | 'deadline' | 'request' | 'lock' | undefined {
  if (!(error instanceof DatabaseUnavailableError)) return undefined;
  const cause = error.cause as { code?: unknown; errcode?: unknown } | undefined;
  if (cause?.code === '57014') return 'statement';
  if (typeof cause?.errcode === 'number' && (cause.errcode & 0xff) === 5) return 'lock';
  if (/database time of \d+ ms is used up/.test(error.message)) return 'request';
  if (/no answer within \d+ ms/.test(error.message)) return 'deadline';
  return undefined;
}
