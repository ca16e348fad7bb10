import { type Kysely, sql } from 'kysely';
import { type Migration, type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely/migration';
import type { Database } from './database.ts';
import { type ColumnKit, columnKit } from './migration-kit.ts';
import * as m0001 from './migrations/0001-accounts.ts';
import * as m0002 from './migrations/0002-content.ts';
import * as m0003 from './migrations/0003-media-blog.ts';
import * as m0004 from './migrations/0004-events.ts';
import * as m0005 from './migrations/0005-forums.ts';
import * as m0006 from './migrations/0006-rate-limits.ts';
import * as m0007 from './migrations/0007-sessions.ts';
import * as m0008 from './migrations/0008-content-row-base.ts';
import * as m0009 from './migrations/0009-upload-ledger.ts';
import * as m0010 from './migrations/0010-breaking-news.ts';
import * as m0011 from './migrations/0011-search.ts';
import * as m0012 from './migrations/0012-notifications.ts';
import * as m0013 from './migrations/0013-administration.ts';
import * as m0014 from './migrations/0014-kept-blog-lists.ts';
import * as m0015 from './migrations/0015-event-counts.ts';
import * as m0016 from './migrations/0016-media-file-pages.ts';
import * as m0017 from './migrations/0017-search-post-visibility.ts';
import * as m0018 from './migrations/0018-search-dated-keys.ts';
import * as m0019 from './migrations/0019-mail-claims-in-doubt.ts';
import * as m0020 from './migrations/0020-username-keys.ts';
import * as m0021 from './migrations/0021-revisions-and-duplicates.ts';
import * as m0022 from './migrations/0022-search-terms.ts';
import * as m0023 from './migrations/0023-search-synonyms.ts';
import * as m0025 from './migrations/0025-search-live-blocks.ts';
import * as m0030 from './migrations/0030-circulars.ts';
import * as m0032 from './migrations/0032-event-registration.ts';
import * as m0033 from './migrations/0033-event-schedule.ts';
import * as m0034 from './migrations/0034-companies.ts';
import * as m0035 from './migrations/0035-people-and-company-numbers.ts';
import * as m0036 from './migrations/0036-members-by-company.ts';
import * as m0037 from './migrations/0037-forum-post-versions.ts';
import * as m0038 from './migrations/0038-notification-centre.ts';
import type { DB } from './schema.ts';

interface MigrationModule {
  up(db: Kysely<unknown>, kit: ColumnKit): Promise<void>;
}

/** Append-only: a schema change is a new entry, never an edit of an old one. */
const MIGRATIONS: Record<string, MigrationModule> = {
  '0001-accounts': m0001,
  '0002-content': m0002,
  '0003-media-blog': m0003,
  '0004-events': m0004,
  '0005-forums': m0005,
  '0006-rate-limits': m0006,
  '0007-sessions': m0007,
  '0008-content-row-base': m0008,
  '0009-upload-ledger': m0009,
  '0010-breaking-news': m0010,
  '0011-search': m0011,
  '0012-notifications': m0012,
  '0013-administration': m0013,
  '0014-kept-blog-lists': m0014,
  '0015-event-counts': m0015,
  '0016-media-file-pages': m0016,
  '0017-search-post-visibility': m0017,
  '0018-search-dated-keys': m0018,
  '0019-mail-claims-in-doubt': m0019,
  '0020-username-keys': m0020,
  '0021-revisions-and-duplicates': m0021,
  '0022-search-terms': m0022,
  '0023-search-synonyms': m0023,
  '0025-search-live-blocks': m0025,
  '0030-circulars': m0030,
  '0032-event-registration': m0032,
  '0033-event-schedule': m0033,
  '0034-companies': m0034,
  '0035-people-and-company-numbers': m0035,
  '0036-members-by-company': m0036,
  '0037-forum-post-versions': m0037,
  '0038-notification-centre': m0038,
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

/** Names of all migrations, oldest first. */
export const MIGRATION_NAMES = Object.keys(MIGRATIONS);

/**
 * Kysely looks for its bookkeeping tables in every schema unless told which one; a database that holds
 * them in another schema (another app, or a parallel test) would make it skip creating its own.
 */
async function currentSchema(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL has no current schema; check the search_path');
  return schema;
}

function migratorFor(database: Database, db: Kysely<DB>, schema: string | undefined): Migrator {
  return new Migrator({
    db,
    provider: new StaticProvider(columnKit(database.kind)),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/**
 * Kysely looks for its bookkeeping table by reading the columns of every table in every schema; a table that
 * another schema drops during that read (another app, a parallel test) fails it with 42P01 undefined_table.
 * Nothing has been migrated then, so the migration is tried again.
 */
const CATALOGUE_ATTEMPTS = 3;
const isCatalogueRace = (error: unknown) => (error as { code?: unknown } | null)?.code === '42P01';

async function run(
  database: Database,
  migrate: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<string[]> {
  const db = database.db.withoutPlugins();
  const schema = database.kind === 'postgres' ? await currentSchema(db) : undefined;
  for (let attempt = 1; ; attempt += 1) {
    const { error, results } = await migrate(migratorFor(database, db, schema));
    const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    if (!error) return applied;
    const retry = database.kind === 'postgres' && applied.length === 0 && attempt < CATALOGUE_ATTEMPTS;
    if (!(retry && isCatalogueRace(error))) throw error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * Brings the schema up to date. On PostgreSQL Kysely holds an advisory lock meanwhile, so of two instances
 * starting at once one migrates and the other waits, then finds nothing left to do.
 */
export function migrateToLatest(database: Database): Promise<string[]> {
  return run(database, (migrator) => migrator.migrateToLatest());
}

/** Migrates up to and including `name`: tests build a database as an older portal left it. */
export function migrateUpTo(database: Database, name: string): Promise<string[]> {
  return run(database, (migrator) => migrator.migrateTo(name));
}

/**
 * After migrations that changed the schema of a database holding data: fresh statistics, so that the planner
 * knows new indexes at once (SQLite keeps none until told; without them it walked every post for a page of
 * ten). Runs on the migration's own connection, which has no statement timeout.
 */
export async function refreshStatistics(database: Database): Promise<void> {
  // The same word on both: SQLite reads every index once (a tenth of a second for the large data set),
  // PostgreSQL samples each table.
  await sql`analyze`.execute(database.db.withoutPlugins());
}
