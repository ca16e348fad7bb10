import { type Kysely, sql } from 'kysely';
import type { ColumnKit } from '../migration-kit.ts';

/**
 * Issue 31, point 7:
 * - `events.sequence`: the iCalendar SEQUENCE of the event, raised by every save that changes it, so that
 *   calendar apps take a changed event as a newer revision of the same one (RFC 5545 §3.8.7.4).
 * - `media_files.content_hash`: the SHA-256 (hex) of the bytes as uploaded, so that the media library can warn
 *   about a file it holds already (decision 0126). Files stored before stay without one (null).
 * - an index on the lower-cased e-mail of the members, which an admin's change of an address is checked
 *   against (decision 0128).
 */
export async function up(db: Kysely<unknown>, _kit: ColumnKit): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('sequence', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('media_files').addColumn('content_hash', 'varchar(64)').execute();
  await db.schema
    .createIndex('media_files_content_hash_idx')
    .on('media_files')
    .column('content_hash')
    .execute();
  await db.schema.createIndex('users_email_lower_idx').on('users').expression(sql`lower(email)`).execute();
}
