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
