import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  AliasNode,
  CamelCasePlugin,
  DeleteQueryNode,
  InsertQueryNode,
  Kysely,
  type KyselyPlugin,
  type OperationNode,
  PostgresDialect,
  RawNode,
  type RootOperationNode,
  SelectQueryNode,
  type SqliteDialect,
  TableNode,
  UpdateQueryNode,
} from 'kysely';
import pg from 'pg';
import type { TDatabaseConfig } from '../../config.ts';
import { createGuardedPool } from './pg-pool.ts';
import type { DB } from './schema.ts';
import { createSqliteDialect } from './sqlite-dialect.ts';

export type DatabaseKind = TDatabaseConfig['kind'];

export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  /** where connection failures that no request saw (an idle connection dropped) are reported. */
  onConnectionError(listener: (error: Error) => void): void;
  /**
   * Calls `listener` as any statement but a SELECT is sent through `db` (this process's writes, whether a
   * request, a job or a test makes them), with the tables it writes (undefined: not known, e.g. raw SQL):
   * answers kept in memory may be out of date from then on.
   */
  onWrite(listener: WriteListener): void;
  /** the connections now: read by the metrics at scrape time */
  poolState(): PoolState;
  close(): Promise<void>;
}

/** A pool's connections in use and idle, the work waiting for one, and how many it opens at most. */
export interface PoolState {
  inUse: number;
  idle: number;
  waiting: number;
  max: number;
}

/** Hears of a write: the tables it writes (snake_case, as in the database), undefined when not known. */
type WriteListener = (tables: readonly string[] | undefined) => void;

const READING_SQL = /^\s*(select|with|explain)\b/i;

function tableName(node: OperationNode | undefined): string | undefined {
  const table = node && AliasNode.is(node) ? node.node : node;
  return table && TableNode.is(table) ? table.table.identifier.name : undefined;
}

/** The tables a statement writes; [] when it only reads; undefined when that cannot be told. */
function writtenTables(node: RootOperationNode): string[] | undefined {
  if (SelectQueryNode.is(node)) return [];
  if (RawNode.is(node)) return READING_SQL.test(node.sqlFragments[0] ?? '') ? [] : undefined;
  const names = InsertQueryNode.is(node)
    ? [tableName(node.into)]
    : UpdateQueryNode.is(node)
      ? [tableName(node.table)]
      : DeleteQueryNode.is(node)
        ? node.from.froms.map(tableName)
        : [undefined];
  return names.every((name) => name !== undefined) ? names : undefined;
}

/** Tells the write listeners of a Database about every statement that is not a SELECT. */
function writeSignal(listeners: Set<WriteListener>): KyselyPlugin {
  return {
    transformQuery({ node }) {
      if (listeners.size === 0) return node;
      const tables = writtenTables(node);
      if (tables === undefined || tables.length > 0) for (const listener of listeners) listener(tables);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
}

export interface DatabaseOptions {
  /** PostgreSQL's statement timeout; default 5 s; 0 for none (migrations, backups). */
  statementTimeoutMs?: number;
  /** the client's deadline for any answer; default one second past the statement timeout. */
  deadlineMs?: number;
  /** how long a query waits for a connection; default 3 s. */
  connectTimeoutMs?: number;
  /** connections at most; default 10. */
  max?: number;
}

const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;

// COUNT(*) and bigint columns come back as text from pg; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/**
 * Opens the database. Outside requests, with the timeouts of platform/db/pg-pool.ts, the worst a statement
 * waits on PostgreSQL for a database that stopped answering is the connect timeout plus the deadline (3 s +
 * 6 s by default); a request's whole database work is bounded by its scope (request-scope.ts).
 */
export function createDatabase(config: TDatabaseConfig, options: DatabaseOptions = {}): Database {
  let listener: (error: Error) => void = (error) => {
    console.warn(`database connection lost: ${error.message}`);
  };
  if (config.kind === 'sqlite') mkdirSync(path.dirname(config.file), { recursive: true });
  const configured = config.kind === 'postgres' ? config.statementTimeoutMs : undefined;
  const statementTimeoutMs = options.statementTimeoutMs ?? configured ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  let poolState: () => PoolState;
  let dialect: SqliteDialect | PostgresDialect;
  if (config.kind === 'sqlite') {
    const sqlite = createSqliteDialect(config.file);
    poolState = sqlite.poolState;
    dialect = sqlite.dialect;
  } else {
    const max = options.max ?? 10;
    const pool = createGuardedPool({
      url: config.url,
      schema: config.schema,
      statementTimeoutMs,
      ...(options.deadlineMs === undefined ? {} : { deadlineMs: options.deadlineMs }),
      connectTimeoutMs: options.connectTimeoutMs ?? 3_000,
      max,
      onIdleError: (error) => listener(error),
    });
    poolState = () => ({
      inUse: pool.pg.totalCount - pool.pg.idleCount,
      idle: pool.pg.idleCount,
      waiting: pool.pg.waitingCount,
      max,
    });
    dialect = new PostgresDialect({ pool });
  }
  const writeListeners = new Set<WriteListener>();
  const db = new Kysely<DB>({ dialect, plugins: [new CamelCasePlugin(), writeSignal(writeListeners)] });
  return {
    db,
    kind: config.kind,
    onConnectionError(next) {
      listener = next;
    },
    onWrite(next) {
      writeListeners.add(next);
    },
    poolState: () => poolState(),
    close: () => db.destroy(),
  };
}
