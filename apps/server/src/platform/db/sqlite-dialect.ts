/**
 * Kysely's SqliteDialect expects a better-sqlite3-like database; this adapts node:sqlite's DatabaseSync,
 * so SQLite needs no native addon. Booleans and Dates are bound as SQLite has no such types.
 */
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { type SqliteDatabase, SqliteDialect, type SqliteStatement } from 'kysely';

function bind(value: unknown): SQLInputValue {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value as SQLInputValue;
}

class NodeSqliteStatement implements SqliteStatement {
  readonly reader: boolean;
  readonly #statement: StatementSync;

  constructor(statement: StatementSync) {
    this.#statement = statement;
    this.reader = statement.columns().length > 0;
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    return this.#statement.all(...parameters.map(bind));
  }

  run(parameters: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint } {
    return this.#statement.run(...parameters.map(bind));
  }

  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    return this.#statement.iterate(...parameters.map(bind));
  }
}

/** Compiled statements kept per SQL text: compiling is a large part of a small query's cost. */
const STATEMENT_CACHE_SIZE = 500;

class NodeSqliteDatabase implements SqliteDatabase {
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, NodeSqliteStatement>();

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  prepare(sql: string): SqliteStatement {
    const cached = this.#statements.get(sql);
    if (cached) return cached;
    const statement = new NodeSqliteStatement(this.#db.prepare(sql));
    // Queries with `in (…)` lists vary in text; start over rather than grow without bound.
    if (this.#statements.size >= STATEMENT_CACHE_SIZE) this.#statements.clear();
    this.#statements.set(sql, statement);
    return statement;
  }

  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }
}

export function createSqliteDialect(file: string): SqliteDialect {
  return new SqliteDialect({
    database: async () => {
      const db = new DatabaseSync(file, { timeout: 5000, enableForeignKeyConstraints: true });
      db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;');
      return new NodeSqliteDatabase(db);
    },
  });
}
