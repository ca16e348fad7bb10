import { type ColumnDefinitionBuilder, type CreateTableBuilder, sql } from 'kysely';
import type { DatabaseKind } from './database.ts';

/** Column types that differ between SQLite and PostgreSQL, so one migration serves both. */
export interface ColumnKit {
  kind: DatabaseKind;
  idType: 'integer';
  id: (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
  boolType: 'boolean' | 'integer';
  false: ReturnType<typeof sql.lit>;
  true: ReturnType<typeof sql.lit>;
  timestampType: 'timestamptz' | 'text';
  jsonType: 'jsonb' | 'text';
}

export function columnKit(kind: DatabaseKind): ColumnKit {
  const postgres = kind === 'postgres';
  return {
    kind,
    idType: 'integer',
    id: (col) =>
      postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
    boolType: postgres ? 'boolean' : 'integer',
    false: sql.lit(postgres ? false : 0),
    true: sql.lit(postgres ? true : 1),
    timestampType: postgres ? 'timestamptz' : 'text',
    jsonType: postgres ? 'jsonb' : 'text',
  };
}

export function timestamps<T extends string, C extends string>(
  table: CreateTableBuilder<T, C>,
  kit: ColumnKit,
): CreateTableBuilder<T, C | 'created_at' | 'updated_at'> {
  return table
    .addColumn('created_at', kit.timestampType, (col) => col.notNull())
    .addColumn('updated_at', kit.timestampType, (col) => col.notNull());
}
