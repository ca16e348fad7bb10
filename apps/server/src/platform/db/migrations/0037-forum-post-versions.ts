import type { Kysely } from 'kysely';
import type { ColumnKit } from '../migration-kit.ts';

/**
 * Issue 37 points 1 and 6 (decisions 0186, 0187):
 * - `forum_post_versions`: every version of an edited post, the current one last: its text, for a thread's
 *   first post the thread's title with it, who wrote it (null once erased) and when. A post never edited has
 *   none; its first edit writes the original as version 1 and the new text as version 2. The primary key
 *   (post, number) gives each number once, also to two edits at once; the versions go with their post.
 * - `forum_posts.deleted_at`: a reply its author deleted stays in place, without text, attachments or
 *   versions, so the thread still reads ('Beitrag gelöscht').
 */
export async function up(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await db.schema
    .createTable('forum_post_versions')
    .addColumn('post_id', 'integer', (col) => col.notNull().references('forum_posts.id').onDelete('cascade'))
    .addColumn('number', 'integer', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('name', 'varchar(200)')
    .addColumn('editor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', kit.timestampType, (col) => col.notNull())
    .addPrimaryKeyConstraint('forum_post_versions_pk', ['post_id', 'number'])
    .execute();
  // the member's export reads the versions they wrote
  await db.schema
    .createIndex('forum_post_versions_by_editor')
    .on('forum_post_versions')
    .column('editor_id')
    .execute();
  await db.schema.alterTable('forum_posts').addColumn('deleted_at', kit.timestampType).execute();
}
