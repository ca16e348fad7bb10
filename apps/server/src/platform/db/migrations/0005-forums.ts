import type { Kysely } from 'kysely';
import { type ColumnKit, timestamps } from '../migration-kit.ts';

/**
 * Forums, threads, posts and their attachments (SPEC §3). No cascades: the forums feature deletes posts and
 * attachments itself, in one transaction, because it must collect the stored files to remove after the commit.
 */
export async function up(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await timestamps(
    db.schema
      .createTable('forums')
      .addColumn('id', kit.idType, kit.id)
      .addColumn('name', 'varchar(200)', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull()),
    kit,
  ).execute();

  await timestamps(
    db.schema
      .createTable('forum_threads')
      .addColumn('id', kit.idType, kit.id)
      .addColumn('forum_id', 'integer', (col) => col.notNull().references('forums.id'))
      .addColumn('name', 'varchar(200)', (col) => col.notNull())
      .addColumn('author_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      // The thread's posts, the first included; kept with every post written or deleted, so that forum pages
      // never count them. last_post_at: the time of the newest post.
      .addColumn('post_count', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('last_post_at', kit.timestampType, (col) => col.notNull()),
    kit,
  ).execute();
  // A forum lists its threads newest activity first; the id breaks ties so that pages never overlap.
  await db.schema
    .createIndex('forum_threads_activity_idx')
    .on('forum_threads')
    .columns(['forum_id', 'last_post_at', 'id'])
    .execute();
  await db.schema.createIndex('forum_threads_author_idx').on('forum_threads').column('author_id').execute();

  await timestamps(
    db.schema
      .createTable('forum_posts')
      .addColumn('id', kit.idType, kit.id)
      .addColumn('thread_id', 'integer', (col) => col.notNull().references('forum_threads.id'))
      .addColumn('author_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('content', 'text', (col) => col.notNull())
      // the thread's first post, which can never be deleted
      .addColumn('is_first', kit.boolType, (col) => col.notNull().defaultTo(kit.false)),
    kit,
  ).execute();
  // A thread reads its posts oldest first, one page at a time.
  await db.schema
    .createIndex('forum_posts_thread_idx')
    .on('forum_posts')
    .columns(['thread_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('forum_posts_author_idx').on('forum_posts').column('author_id').execute();

  await db.schema
    .createTable('forum_post_media')
    .addColumn('id', kit.idType, kit.id)
    .addColumn('post_id', 'integer', (col) => col.notNull().references('forum_posts.id'))
    // the order in which the files were uploaded
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('storage_key', 'varchar(300)', (col) => col.notNull())
    // JPEG thumbnail of an image; null for PDFs
    .addColumn('thumbnail_key', 'varchar(300)')
    .addColumn('original_filename', 'varchar(255)', (col) => col.notNull())
    .addColumn('mime_type', 'varchar(100)', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('created_at', kit.timestampType, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('forum_post_media_post_idx')
    .on('forum_post_media')
    .columns(['post_id', 'position'])
    .execute();
}
