import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { TDatabaseConfig } from '../../config.ts';
import type { DB } from './schema.ts';
import { createSqliteDialect } from './sqlite-dialect.ts';

export type DatabaseKind = TDatabaseConfig['kind'];

export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  /** true when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

// COUNT(*) and bigint columns come back as text from pg; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export function createDatabase(config: TDatabaseConfig): Database {
  if (config.kind === 'sqlite') mkdirSync(path.dirname(config.file), { recursive: true });
  const dialect =
    config.kind === 'sqlite'
      ? createSqliteDialect(config.file)
      : new PostgresDialect({
          pool: new pg.Pool({
            connectionString: config.url,
            max: 10,
            connectionTimeoutMillis: 5000,
            ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
          }),
        });
  const db = new Kysely<DB>({ dialect, plugins: [new CamelCasePlugin()] });
  return {
    db,
    kind: config.kind,
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
  };
}
