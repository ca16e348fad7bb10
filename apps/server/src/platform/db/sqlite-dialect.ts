/**
 * Kysely's SqliteDialect expects a better-sqlite3-like database; this adapts node:sqlite's DatabaseSync,
 * so SQLite needs no native addon. Booleans and Dates are bound as SQLite has no such types, and read back as
 * booleans and Dates (sqlite-values.ts).
 *
 * A request's rules (request-scope.ts) hold here too: while a request has the one connection, its time runs;
 * once that time is used up or its client has left, no statement but ROLLBACK runs (so no COMMIT), and a
 * lock held by another process is waited for no longer than the time left (the busy timeout, at most 5 s,
 * which blocks the thread: node:sqlite's statements are synchronous). A locked or read-only database
 * answers as an outage does (503), not as a defect.
 */
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import {
  type AbortableOperationOptions,
  type CompiledQuery,
  type DatabaseConnection,
  type QueryResult,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type SqliteStatement,
} from 'kysely';
import { DatabaseUnavailableError } from './database-errors.ts';
import { expressionKinds } from './expression-kinds.ts';
import { currentRequestScope, type RequestScope } from './request-scope.ts';
import { type RowReaders, readersByOrigin, readersOf, readRow, readRows } from './sqlite-values.ts';

function bind(value: unknown): SQLInputValue {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value as SQLInputValue;
}

/** SQLITE_BUSY (a lock another process holds) and SQLITE_READONLY (a read-only file or connection). */
const UNAVAILABLE_CODES = new Set([5, 8]);

function unavailable(error: unknown): unknown {
  const code = (error as { errcode?: unknown } | null)?.errcode;
  // Extended result codes carry the primary code in their low byte.
  if (typeof code !== 'number' || !UNAVAILABLE_CODES.has(code & 0xff)) return error;
  return new DatabaseUnavailableError((error as Error).message, { cause: error });
}

const BUSY_TIMEOUT_MS = 5_000;

class NodeSqliteStatement implements SqliteStatement {
  readonly reader: boolean;
  readonly #statement: StatementSync;
  readonly #database: NodeSqliteDatabase;
  readonly #rollback: boolean;
  /** how the values of its columns of tables are read */
  readonly #readers: RowReaders;

  constructor(statement: StatementSync, database: NodeSqliteDatabase, sql: string) {
    this.#statement = statement;
    this.#database = database;
    this.#rollback = /^rollback$/i.test(sql);
    const columns = statement.columns();
    this.reader = columns.length > 0;
    this.#readers = readersByOrigin(columns);
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    const rows = this.#database.execute(this.#rollback, () => this.#statement.all(...parameters.map(bind)));
    readRows(rows, this.#readers);
    return rows;
  }

  run(parameters: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint } {
    return this.#database.execute(this.#rollback, () => this.#statement.run(...parameters.map(bind)));
  }

  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    const rows = this.#database.execute(this.#rollback, () =>
      this.#statement.iterate(...parameters.map(bind)),
    );
    const readers = this.#readers;
    return (function* () {
      for (const row of rows) yield readRow(row, readers);
    })();
  }
}

/** Compiled statements kept per SQL text: compiling is a large part of a small query's cost. */
const STATEMENT_CACHE_SIZE = 500;

class NodeSqliteDatabase implements SqliteDatabase {
  /** the request that has the one connection now (Kysely hands it out in turn); undefined: a job */
  holder: RequestScope | undefined;
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, NodeSqliteStatement>();
  #busyTimeoutMs = BUSY_TIMEOUT_MS;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  prepare(sql: string): SqliteStatement {
    const cached = this.#statements.get(sql);
    if (cached) return cached;
    const statement = new NodeSqliteStatement(this.#db.prepare(sql), this, sql);
    // Queries with `in (…)` lists vary in text; start over rather than grow without bound.
    if (this.#statements.size >= STATEMENT_CACHE_SIZE) this.#statements.clear();
    this.#statements.set(sql, statement);
    return statement;
  }

  /** Runs one statement under the rules of the request holding the connection. */
  execute<T>(rollback: boolean, statement: () => T): T {
    const scope = this.holder;
    if (scope && !rollback) {
      const refusal = scope.refusal();
      if (refusal) throw refusal;
      this.#waitForLocks(Math.min(BUSY_TIMEOUT_MS, Math.ceil(scope.remainingMs())));
    } else this.#waitForLocks(BUSY_TIMEOUT_MS);
    try {
      return statement();
    } catch (error) {
      throw unavailable(error);
    }
  }

  #waitForLocks(ms: number): void {
    if (ms === this.#busyTimeoutMs) return;
    this.#db.exec(`PRAGMA busy_timeout = ${ms}`);
    this.#busyTimeoutMs = ms;
  }

  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }
}

/** Kysely's SQLite connection, reading what the expressions of a Kysely-built SELECT return (expression-kinds.ts). */
class ExpressionReadingConnection implements DatabaseConnection {
  readonly connection: DatabaseConnection;

  constructor(connection: DatabaseConnection) {
    this.connection = connection;
  }

  async executeQuery<R>(query: CompiledQuery, options?: AbortableOperationOptions): Promise<QueryResult<R>> {
    const result = await this.connection.executeQuery<R>(query, options);
    if (result.rows.length > 0) readRows(result.rows, readersOf(expressionKinds(query.query)));
    return result;
  }

  async *streamQuery<R>(
    query: CompiledQuery,
    chunkSize: number,
    options?: AbortableOperationOptions,
  ): AsyncIterableIterator<QueryResult<R>> {
    const readers = readersOf(expressionKinds(query.query));
    for await (const result of this.connection.streamQuery<R>(query, chunkSize, options)) {
      readRows(result.rows, readers);
      yield result;
    }
  }
}

/** Kysely's SQLite driver, telling the database which request holds the connection. */
class RequestAwareSqliteDriver extends SqliteDriver {
  readonly #database: () => NodeSqliteDatabase | undefined;
  readonly #use: ConnectionUse;
  #reading: ExpressionReadingConnection | undefined;

  constructor(
    config: SqliteDialectConfig,
    database: () => NodeSqliteDatabase | undefined,
    use: ConnectionUse,
  ) {
    super(config);
    this.#database = database;
    this.#use = use;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    this.#use.waiting += 1;
    let connection: DatabaseConnection;
    try {
      connection = await super.acquireConnection();
    } finally {
      this.#use.waiting -= 1;
    }
    this.#use.held = true;
    if (this.#reading?.connection !== connection) this.#reading = new ExpressionReadingConnection(connection);
    const database = this.#database();
    const scope = currentRequestScope();
    if (database) database.holder = scope;
    scope?.hold();
    return this.#reading;
  }

  override async releaseConnection(): Promise<void> {
    const database = this.#database();
    database?.holder?.letGo();
    if (database) database.holder = undefined;
    this.#use.held = false;
    await super.releaseConnection();
  }
}

class RequestAwareSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #database: () => NodeSqliteDatabase | undefined;
  readonly #use: ConnectionUse;

  constructor(
    config: SqliteDialectConfig,
    database: () => NodeSqliteDatabase | undefined,
    use: ConnectionUse,
  ) {
    super(config);
    this.#config = config;
    this.#database = database;
    this.#use = use;
  }

  override createDriver(): SqliteDriver {
    return new RequestAwareSqliteDriver(this.#config, this.#database, this.#use);
  }
}

/** Kysely's SQLite driver has one connection behind a mutex: whether it is held, and how many wait for it. */
interface ConnectionUse {
  held: boolean;
  waiting: number;
}

export function createSqliteDialect(file: string): {
  dialect: SqliteDialect;
  poolState: () => { inUse: number; idle: number; waiting: number; max: number };
} {
  let opened: NodeSqliteDatabase | undefined;
  const use: ConnectionUse = { held: false, waiting: 0 };
  const poolState = () => ({
    inUse: use.held ? 1 : 0,
    idle: opened && !use.held ? 1 : 0,
    waiting: use.waiting,
    max: 1,
  });
  const dialect = new RequestAwareSqliteDialect(
    {
      database: async () => {
        const db = new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS, enableForeignKeyConstraints: true });
        db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;');
        opened = new NodeSqliteDatabase(db);
        return opened;
      },
    },
    () => opened,
    use,
  );
  return { dialect, poolState };
}
