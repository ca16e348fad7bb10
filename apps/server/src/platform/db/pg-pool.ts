/**
 * The PostgreSQL connection pool, made to survive a database that goes away or stops answering.
 *
 * - A connection the server drops while it sits idle (restart, failover, `pg_terminate_backend`, an idle
 *   timeout of a proxy) makes `pg.Pool` emit 'error'; without a listener that ends the process. Here it is
 *   logged and the pool opens a new connection on the next request.
 * - Every query has a deadline on both sides: PostgreSQL's `statement_timeout` ends a slow statement, and
 *   a client-side deadline one second later ends a wait for a server that does not answer at all (a frozen
 *   host, a dead network path), where no statement timeout can fire. A connection that missed its deadline
 *   is never used again: the pool closes it on release, which rolls back its transaction on the server.
 * - In a request (request-scope.ts) the client-side deadline is also the request's remaining database time,
 *   and the client's leaving abandons the statement at once; after either, nothing but ROLLBACK is sent, so
 *   no COMMIT goes out for a request that ran out of time or whose client has gone.
 * - Every failure to reach the database becomes a DatabaseUnavailableError, which the error handler answers
 *   with 503 and a German detail; other database errors (a unique key, a foreign key) pass unchanged.
 */
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';
import { DatabaseUnavailableError, RequestAbandonedError } from './database-errors.ts';
import { currentRequestScope, type RequestScope } from './request-scope.ts';

export interface PgPoolOptions {
  url: string;
  /** search_path of every connection (tests use a schema each). */
  schema?: string | undefined;
  /** PostgreSQL's statement_timeout; 0 for none (migrations). */
  statementTimeoutMs: number;
  /** how long the client waits for any answer; default one second past the statement timeout. */
  deadlineMs?: number;
  /** how long a request waits for a connection, a free one or a new one. */
  connectTimeoutMs: number;
  max: number;
  /** told about connections that broke while idle; the pool replaces them by itself. */
  onIdleError: (error: Error) => void;
}

/**
 * SQLSTATE classes and codes that mean "the database cannot be reached or used now", not "this request is
 * wrong": connection exceptions (08), shutdown (57P01–57P03), a cancelled statement (57014: the statement
 * timeout), too many connections (53300), a read-only server after a failover (25006).
 */
function isUnavailableCode(code: string): boolean {
  return code.startsWith('08') || /^57P0[1-3]$/.test(code) || ['57014', '53300', '25006'].includes(code);
}

const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/** true for errors of pg and of the network that say the database is out of reach. */
function isConnectionFailure(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (isUnavailableCode(code) || CONNECTION_ERRNOS.has(code))) return true;
  // pg's own wording for a connection that ended or could not be opened in time (no code of their own).
  return /Connection terminated|Client has encountered a connection error|connection timeout|not queryable|timeout exceeded when trying to connect/i.test(
    error.message,
  );
}

function unavailable(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError || !isConnectionFailure(error)) return error;
  return new DatabaseUnavailableError(error instanceof Error ? error.message : String(error), {
    cause: error,
  });
}

/** The time a query may take on the client: the server's statement timeout ends it first, if it can. */
function clientDeadlineMs(statementTimeoutMs: number): number | undefined {
  return statementTimeoutMs > 0 ? statementTimeoutMs + 1_000 : undefined;
}

/** Kysely's own ROLLBACK of a transaction; the one statement a request out of time or left still needs. */
const ROLLBACK = /^rollback$/i;

type Ending = DatabaseUnavailableError | RequestAbandonedError;

/**
 * Settles with `running`, or fails with the first of: the deadline of `limitMs` (`late()`), the request's
 * client leaving. `onEnd` hears of the failure before the caller does.
 */
function bounded<T>(
  running: Promise<T>,
  limitMs: number,
  scope: RequestScope | undefined,
  late: () => Ending,
  onEnd: (error: Ending) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const end = (error: Ending) => {
      clearTimeout(timer);
      stopListening();
      onEnd(error);
      reject(error);
    };
    const timer = setTimeout(() => end(late()), Math.max(0, limitMs));
    const stopListening = scope?.onAbandon(() => end(new RequestAbandonedError())) ?? (() => undefined);
    running.then(
      (result) => {
        clearTimeout(timer);
        stopListening();
        resolve(result);
      },
      (error: unknown) => {
        clearTimeout(timer);
        stopListening();
        reject(unavailable(error));
      },
    );
  });
}

/**
 * One pooled pg client as Kysely sees it, with the deadline on each query. Made once per pg client (Kysely
 * keeps its connection objects per client), reset on each checkout.
 */
class GuardedClient {
  #broken: Ending | undefined;
  #scope: RequestScope | undefined;
  readonly #client: pg.PoolClient;
  readonly #deadlineMs: number | undefined;

  constructor(client: pg.PoolClient, deadlineMs: number | undefined) {
    this.#client = client;
    this.#deadlineMs = deadlineMs;
    // pg-pool listens for errors only while a client is idle; one that breaks while checked out (a
    // transaction waiting on something else when the server goes) would otherwise end the process.
    client.on('error', (error) => {
      this.#broken = new DatabaseUnavailableError(error.message, { cause: error });
    });
  }

  /** Handed to `scope`'s request (undefined: a job's), whose time runs until release. */
  checkedOut(scope: RequestScope | undefined): this {
    this.#broken = undefined;
    this.#scope = scope;
    return this;
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    statement: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // A cursor (Kysely's streaming, which this app does not configure) reads in steps of its own.
    if (typeof statement !== 'string') return this.#client.query(statement as never) as PostgresCursor<R>;
    return this.#run<R>(statement, parameters);
  }

  #run<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    // After a missed deadline the connection's protocol state is unknown: nothing more goes over it.
    if (this.#broken) return Promise.reject(this.#broken);
    const scope = this.#scope;
    const refusal = scope?.refusal();
    if (refusal) {
      const rollback = ROLLBACK.test(sql);
      // A request whose client left may still roll back; one out of time closes the connection instead,
      // which rolls back on the server as well, without another round trip.
      if (!(rollback && refusal instanceof RequestAbandonedError)) {
        if (rollback) this.#broken = refusal;
        return Promise.reject(refusal);
      }
    }
    const running = this.#client.query(sql, parameters as unknown[]) as unknown as Promise<
      PostgresQueryResult<R>
    >;
    const ownMs = this.#deadlineMs;
    const scopeMs = scope?.remainingMs();
    if (ownMs === undefined && scopeMs === undefined)
      return running.catch((error: unknown) => Promise.reject(unavailable(error)));
    const limitMs = Math.min(ownMs ?? Number.POSITIVE_INFINITY, scopeMs ?? Number.POSITIVE_INFINITY);
    const late = () =>
      scope && limitMs === scopeMs
        ? scope.outOfTime()
        : new DatabaseUnavailableError(`no answer within ${ownMs} ms`);
    return bounded(running, limitMs, scope, late, (error) => {
      this.#broken = error;
    });
  }

  release(destroy?: boolean): void {
    this.#scope?.letGo();
    this.#scope = undefined;
    // pg-pool closes a client released with an error instead of keeping it.
    this.#client.release(destroy || this.#broken ? (this.#broken ?? true) : undefined);
  }
}

/**
 * A client from the pool; in a request no longer than its remaining time, and given up when its client
 * leaves (a client that comes after all goes back to the pool).
 */
async function checkOut(pool: pg.Pool, scope: RequestScope | undefined): Promise<pg.PoolClient> {
  const pending = pool.connect();
  if (!scope) return pending;
  return bounded(
    pending,
    scope.remainingMs(),
    scope,
    () => scope.outOfTime(),
    () => {
      pending.then(
        (client) => client.release(),
        () => undefined,
      );
    },
  );
}

/** A pg.Pool for Kysely's PostgresDialect with the behaviour described at the top of this file. */
export function createGuardedPool(options: PgPoolOptions): PostgresPool & { pg: pg.Pool } {
  const settings = [
    ...(options.schema ? [`-c search_path=${options.schema}`] : []),
    `-c statement_timeout=${options.statementTimeoutMs}`,
    // A transaction left open by a process that froze holds its locks no longer than this.
    '-c idle_in_transaction_session_timeout=60000',
  ];
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max,
    connectionTimeoutMillis: options.connectTimeoutMs,
    idleTimeoutMillis: 30_000,
    // TCP keep-alive finds a peer that vanished without closing the connection.
    keepAlive: true,
    options: settings.join(' '),
  });
  pool.on('error', (error) => options.onIdleError(error));
  const deadlineMs = options.deadlineMs ?? clientDeadlineMs(options.statementTimeoutMs);
  const guarded = new WeakMap<pg.PoolClient, GuardedClient>();

  return {
    pg: pool,
    options: pool.options,
    async connect(): Promise<PostgresPoolClient> {
      const scope = currentRequestScope();
      const refusal = scope?.refusal();
      if (refusal) throw refusal;
      scope?.hold();
      let client: pg.PoolClient;
      try {
        client = await checkOut(pool, scope);
      } catch (error) {
        scope?.letGo();
        // Whatever stops a connection from being handed out (refused, timed out, too many) is an outage.
        throw error instanceof DatabaseUnavailableError || error instanceof RequestAbandonedError
          ? error
          : new DatabaseUnavailableError(error instanceof Error ? error.message : String(error), {
              cause: error,
            });
      }
      let wrapper = guarded.get(client);
      if (!wrapper) {
        wrapper = new GuardedClient(client, deadlineMs);
        guarded.set(client, wrapper);
      }
      return wrapper.checkedOut(scope);
    },
    end: () => pool.end(),
  };
}
