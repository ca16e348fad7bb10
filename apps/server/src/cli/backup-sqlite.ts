/**
 * SQLite side of backup and restore. The snapshot is taken with VACUUM INTO: one read transaction, so it is
 * consistent while the server keeps writing (WAL lets writers go on), and it includes what still sits in
 * the WAL. A plain file copy does not: copying portal.sqlite without its WAL once gave 0 tables.
 */
import { existsSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { DELETIONS_HELD_KEY } from '../platform/storage/upload-intents.ts';
import type { TDatabaseFacts } from './backup-format.ts';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Migrations applied and rows per table, as the manifest records them. */
function facts(db: DatabaseSync): TDatabaseFacts {
  const tables = db
    .prepare(
      "select name from sqlite_schema where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name",
    )
    .all()
    .map((row) => String(row.name));
  const counts = Object.fromEntries(
    tables.map((table) => [table, Number(db.prepare(`select count(*) as n from ${quote(table)}`).get()?.n)]),
  );
  const migrations = tables.includes('kysely_migration')
    ? db
        .prepare('select name from kysely_migration order by name')
        .all()
        .map((row) => String(row.name))
    : [];
  return { migrations, counts };
}

/**
 * Writes a consistent copy of the live database to `target` (which must not exist) and clears the
 * deletion hold in the copy, so that it is not in force after a restore.
 */
export function snapshotSqlite(source: string, target: string): TDatabaseFacts {
  if (!existsSync(source)) throw new Error(`Keine Datenbank unter ${source}.`);
  const live = new DatabaseSync(source, { timeout: 5000 });
  try {
    live.prepare('vacuum into ?').run(target);
  } finally {
    live.close();
  }
  const copy = new DatabaseSync(target, { timeout: 5000 });
  try {
    // One self-contained file: no WAL beside it in the archive.
    copy.exec('pragma journal_mode = delete');
    copy.prepare('delete from settings where key = ?').run(DELETIONS_HELD_KEY);
    return facts(copy);
  } finally {
    copy.close();
  }
}

/** Facts of a restored database file, to compare with the manifest. */
export function restoredSqliteFacts(file: string): TDatabaseFacts {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return facts(db);
  } finally {
    db.close();
  }
}
