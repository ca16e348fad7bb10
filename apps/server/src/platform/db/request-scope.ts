/**
 * The database work of one HTTP request (issue 30 point 4): how much time it may still spend on the database
 * and whether its client is still there. platform/http/request-scopes.ts opens a scope for each request; both
 * drivers (pg-pool.ts, sqlite-dialect.ts) consult it for every connection and statement of that request:
 * - the time runs while the request waits for a connection or holds one, its transactions included; reading a
 *   slow upload's body or storing a file outside a transaction does not use it up;
 * - once the time is used up or the client has left, no statement but ROLLBACK is sent, so nothing the
 *   request had not committed is committed afterwards, and a statement still running is abandoned.
 * Jobs, the CLI and migrations run outside any scope and keep the limits of each statement.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { DatabaseUnavailableError, RequestAbandonedError } from './database-errors.ts';

/** Where a request's side writes report that they were skipped (the request's logger). */
interface ScopeLog {
  warn(details: object, message: string): void;
}

export class RequestScope {
  readonly limitMs: number;
  readonly log: ScopeLog | undefined;
  #spentMs = 0;
  #holding = 0;
  #since = 0;
  #abandoned = false;
  readonly #listeners = new Set<() => void>();

  constructor(limitMs: number, log?: ScopeLog) {
    this.limitMs = limitMs;
    this.log = log;
  }

  remainingMs(): number {
    const running = this.#holding > 0 ? performance.now() - this.#since : 0;
    return this.limitMs - this.#spentMs - running;
  }

  /** Why no further statement may be sent (the client left, the time is used up); undefined while one may. */
  refusal(): DatabaseUnavailableError | RequestAbandonedError | undefined {
    if (this.#abandoned) return new RequestAbandonedError();
    if (this.remainingMs() <= 0) return this.outOfTime();
    return undefined;
  }

  outOfTime(): DatabaseUnavailableError {
    return new DatabaseUnavailableError(`the request's database time of ${this.limitMs} ms is used up`);
  }

  /** A connection is asked for or held: the time runs while at least one is. */
  hold(): void {
    if (this.#holding === 0) this.#since = performance.now();
    this.#holding += 1;
  }

  letGo(): void {
    this.#holding -= 1;
    if (this.#holding === 0) this.#spentMs += performance.now() - this.#since;
  }

  /** The client closed its connection before the answer. */
  abandon(): void {
    if (this.#abandoned) return;
    this.#abandoned = true;
    for (const listener of this.#listeners) listener();
    this.#listeners.clear();
  }

  /** Calls `listener` when the client leaves (not when it has left already); the result stops listening. */
  onAbandon(listener: () => void): () => void {
    if (this.#abandoned) return () => undefined;
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

const scopes = new AsyncLocalStorage<RequestScope>();

/** The scope of the request whose work is running now; undefined in jobs, the CLI and migrations. */
export function currentRequestScope(): RequestScope | undefined {
  return scopes.getStore();
}

export function runInRequestScope<T>(scope: RequestScope, work: () => T): T {
  return scopes.run(scope, work);
}

/** Runs `work`, and whatever it starts, outside any request: a job a request wakes keeps its own limits. */
export function outsideRequests<T>(work: () => T): T {
  return scopes.exit(work);
}
