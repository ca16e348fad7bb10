import type { Kysely } from 'kysely';
import type { ColumnKit } from '../migration-kit.ts';

/**
 * The upload ledger: the storage key of every file written for a save that has not committed yet, and of
 * files that a committed save no longer needs while a backup holds deletions. The save's transaction
 * removes its keys; what stays longer than UPLOAD_GRACE_MINUTES is swept (file deleted, row removed), so
 * an upload cut off by a crash or a timeout leaves no file behind.
 */
export async function up(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await db.schema
    .createTable('upload_intents')
    .addColumn('key', 'varchar(300)', (col) => col.primaryKey())
    .addColumn('created_at', kit.timestampType, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('upload_intents_created_idx')
    .on('upload_intents')
    .column('created_at')
    .execute();
}
