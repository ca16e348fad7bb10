import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
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
  close(): Promise<void>;
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
 * Opens the database. On PostgreSQL, with the timeouts of platform/db/pg-pool.ts, the worst a request waits
 * for a database that stopped answering is the connect timeout plus the deadline: 3 s + 6 s by default.
 */
export function createDatabase(config: TDatabaseConfig, options: DatabaseOptions = {}): Database {
  let listener: (error: Error) => void = (error) => {
    console.warn(`database connection lost: ${error.message}`);
  };
  if (config.kind === 'sqlite') mkdirSync(path.dirname(config.file), { recursive: true });
  const configured = config.kind === 'postgres' ? config.statementTimeoutMs : undefined;
  const statementTimeoutMs = options.statementTimeoutMs ?? configured ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const dialect =
    config.kind === 'sqlite'
      ? createSqliteDialect(config.file)
      : new PostgresDialect({
          pool: createGuardedPool({
            url: config.url,
            schema: config.schema,
            statementTimeoutMs,
            ...(options.deadlineMs === undefined ? {} : { deadlineMs: options.deadlineMs }),
            connectTimeoutMs: options.connectTimeoutMs ?? 3_000,
            max: options.max ?? 10,
            onIdleError: (error) => listener(error),
          }),
        });
  const db = new Kysely<DB>({ dialect, plugins: [new CamelCasePlugin()] });
  return {
    db,
    kind: config.kind,
    onConnectionError(next) {
      listener = next;
    },
    close: () => db.destroy(),
  };
}
