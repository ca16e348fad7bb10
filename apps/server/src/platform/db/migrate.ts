import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import type { Database } from './database.ts';
import { type ColumnKit, columnKit } from './migration-kit.ts';
import * as m0001 from './migrations/0001-accounts.ts';

interface MigrationModule {
  up(db: Kysely<unknown>, kit: ColumnKit): Promise<void>;
}

/** Append-only: a schema change is a new entry, never an edit of an old one. */
const MIGRATIONS: Record<string, MigrationModule> = {
  '0001-accounts': m0001,
};

class StaticProvider implements MigrationProvider {
  readonly #kit: ColumnKit;
  constructor(kit: ColumnKit) {
    this.#kit = kit;
  }
  async getMigrations(): Promise<Record<string, Migration>> {
    const kit = this.#kit;
    return Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, module]) => [
        name,
        { up: (db: Kysely<unknown>) => module.up(db, kit) },
      ]),
    );
  }
}

/**
 * Brings the schema up to date. On PostgreSQL Kysely holds an advisory lock meanwhile, so of two instances
 * starting at once one migrates and the other waits, then finds nothing left to do.
 */
export async function migrateToLatest(database: Database): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db.withoutPlugins(),
    provider: new StaticProvider(columnKit(database.kind)),
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
