import { type Kysely, sql } from 'kysely';
import type { ColumnKit } from '../migration-kit.ts';

/**
 * A category's files are read a page at a time by name, then id (issue 19, decision 0089). The order is the
 * names' code points on both databases, as SQLite compares text anyway: on PostgreSQL the name column takes
 * the "C" collation, whatever the cluster's locale, so that a page's cursor means the same place on either
 * database and in the web app. The index on (category_id, name) gains the id, so that PostgreSQL seeks to a
 * page and reads it in order (SQLite's index held the id already, as the row id).
 */
export async function up(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await db.schema.dropIndex('media_files_category_idx').execute();
  if (kit.kind === 'postgres') {
    await sql`alter table media_files alter column name type varchar(255) collate "C"`.execute(db);
  }
  await db.schema
    .createIndex('media_files_category_idx')
    .on('media_files')
    .columns(['category_id', 'name', 'id'])
    .execute();
}
