/**
 * SQLite has no boolean and no timestamp type: sqlite-dialect.ts binds `true`/`false` as 1/0 and a Date as ISO
 * 8601 text. Here those become the boolean and the Date that PostgreSQL's driver hands over, as rows leave the
 * driver, so that repositories read the same values on both databases (decision 0142). What a result column
 * holds is told by where it comes from:
 * - a column of a table, under any alias, through joins, subqueries, CTEs, RETURNING and raw SQL alike:
 *   SQLite names each result column's origin, and column-kinds.gen.ts says what that column holds;
 * - an expression built with Kysely (expression-kinds.ts): `min`/`max`/`coalesce` of such a column, and a
 *   comparison or `exists`, which PostgreSQL answers with a boolean.
 * A raw SQL expression that is no plain column (sql`max(created_at)`) reads as SQLite computes it: write it
 * with Kysely, or select the column itself.
 */
import { COLUMN_KINDS, type ColumnKind } from './column-kinds.gen.ts';

type Read = (value: unknown) => unknown;

const READ: Record<ColumnKind, Read> = {
  bool: (value) => (typeof value === 'number' ? value !== 0 : value),
  timestamp: (value) => (typeof value === 'string' ? new Date(value) : value),
};

/** The result columns' names, each with how its values are read; empty when none needs reading. */
export type RowReaders = ReadonlyArray<readonly [name: string, read: Read]>;

/** What a column of a table holds, by the names the database uses; undefined: what SQLite stores. */
export function columnKind(table: string, column: string): ColumnKind | undefined {
  const columns = Object.hasOwn(COLUMN_KINDS, table) ? COLUMN_KINDS[table] : undefined;
  return columns && Object.hasOwn(columns, column) ? columns[column] : undefined;
}

/** A result column as node:sqlite describes it: its origin is null for an expression. */
interface ResultColumn {
  name: string;
  table: string | null;
  column: string | null;
}

/** The readers of a statement's columns of tables, from its result columns' origins. */
export function readersByOrigin(columns: readonly ResultColumn[]): RowReaders {
  const byName = new Map<string, Read>();
  for (const { name, table, column } of columns) {
    const kind = table !== null && column !== null ? columnKind(table, column) : undefined;
    // Of two result columns with one name, a row keeps the later one's value.
    if (kind) byName.set(name, READ[kind]);
    else byName.delete(name);
  }
  return [...byName];
}

/** Readers of the named result columns, each of the kind given. */
export function readersOf(kinds: ReadonlyMap<string, ColumnKind>): RowReaders {
  return [...kinds].map(([name, kind]) => [name, READ[kind]] as const);
}

/** Reads a row's values in place; a reader leaves a value it has read (or NULL) as it is. */
export function readRow(row: unknown, readers: RowReaders): unknown {
  const values = row as Record<string, unknown>;
  for (const [name, read] of readers) values[name] = read(values[name]);
  return row;
}

export function readRows(rows: readonly unknown[], readers: RowReaders): void {
  if (readers.length === 0) return;
  for (const row of rows) readRow(row, readers);
}
