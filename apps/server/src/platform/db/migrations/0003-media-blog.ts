import { type Kysely, sql } from 'kysely';
import { type ColumnKit, timestamps } from '../migration-kit.ts';

/** Media library (SPEC §3), blog posts, settings and the mail outbox. */
export async function up(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await timestamps(
    db.schema
      .createTable('media_categories')
      .addColumn('id', kit.idType, kit.id)
      .addColumn('name', 'varchar(200)', (col) => col.notNull())
      // No cascade: the media feature decides what happens to sub-categories and their stored files.
      .addColumn('parent_id', 'integer', (col) => col.references('media_categories.id'))
      .addColumn('level', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('position', 'integer', (col) => col.notNull().defaultTo(999)),
    kit,
  ).execute();
  await db.schema
    .createIndex('media_categories_parent_idx')
    .on('media_categories')
    .column('parent_id')
    .execute();

  await timestamps(
    db.schema
      .createTable('media_files')
      .addColumn('id', kit.idType, kit.id)
      .addColumn('name', 'varchar(255)', (col) => col.notNull())
      .addColumn('category_id', 'integer', (col) => col.notNull().references('media_categories.id'))
      .addColumn('storage_key', 'varchar(300)', (col) => col.notNull())
      .addColumn('original_filename', 'varchar(255)', (col) => col.notNull())
      .addColumn('mime_type', 'varchar(100)', (col) => col.notNull())
      .addColumn('size', 'integer', (col) => col.notNull())
      // the unguessable part of the file's public address (ARCHITECTURE §4 "Files")
      .addColumn('public_token', 'varchar(64)', (col) => col.notNull().unique()),
    kit,
  ).execute();
  await db.schema
    .createIndex('media_files_category_idx')
    .on('media_files')
    .columns(['category_id', 'name'])
    .execute();
  await db.schema.createIndex('media_files_name_idx').on('media_files').column('name').execute();

  await timestamps(
    db.schema
      .createTable('blog_posts')
      .addColumn('id', kit.idType, kit.id)
      .addColumn('title', 'varchar(300)', (col) => col.notNull())
      .addColumn('pre_text', 'text', (col) => col.notNull())
      .addColumn('content', 'text', (col) => col.notNull())
      // storage key of the picture and the file name it was uploaded with
      .addColumn('image_key', 'varchar(300)')
      .addColumn('image_name', 'varchar(255)')
      .addColumn('published_at', kit.timestampType, (col) => col.notNull())
      .addColumn('display_on_dashboard', kit.boolType, (col) => col.notNull().defaultTo(kit.true))
      .addColumn('author_id', 'integer', (col) => col.references('users.id').onDelete('set null')),
    kit,
  ).execute();
  // Every list is ordered newest first; the id breaks ties so that pages never overlap.
  await db.schema
    .createIndex('blog_posts_published_idx')
    .on('blog_posts')
    .columns(['published_at', 'id'])
    .execute();

  await db.schema
    .createTable('blog_post_groups')
    .addColumn('blog_post_id', 'integer', (col) =>
      col.notNull().references('blog_posts.id').onDelete('cascade'),
    )
    .addColumn('group_id', 'integer', (col) => col.notNull().references('user_groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('blog_post_groups_pk', ['blog_post_id', 'group_id'])
    .execute();
  await db.schema
    .createIndex('blog_post_groups_group_idx')
    .on('blog_post_groups')
    .column('group_id')
    .execute();

  // Tags as rows, not JSON: the tag filter and the list of tags in use are plain indexed queries.
  await db.schema
    .createTable('blog_post_tags')
    .addColumn('blog_post_id', 'integer', (col) =>
      col.notNull().references('blog_posts.id').onDelete('cascade'),
    )
    .addColumn('tag', 'varchar(100)', (col) => col.notNull())
    .addPrimaryKeyConstraint('blog_post_tags_pk', ['blog_post_id', 'tag'])
    .execute();
  await db.schema
    .createIndex('blog_post_tags_tag_idx')
    .on('blog_post_tags')
    .columns(['tag', 'blog_post_id'])
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(100)', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', kit.timestampType, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', kit.idType, kit.id)
    // what the mail is about (e.g. 'blog:12'); one pending mail per topic and recipient
    .addColumn('topic', 'varchar(100)')
    .addColumn('recipient', 'varchar(254)', (col) => col.notNull())
    .addColumn('subject', 'varchar(500)', (col) => col.notNull())
    .addColumn('html', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    // pending → sending (claimed) → sent | pending (retry later) | failed (gave up)
    .addColumn('status', 'varchar(20)', (col) => col.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', kit.timestampType, (col) => col.notNull())
    .addColumn('claim_token', 'varchar(64)')
    .addColumn('locked_until', kit.timestampType)
    .addColumn('sent_at', kit.timestampType)
    .addColumn('last_error', 'text')
    .addColumn('created_at', kit.timestampType, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('mail_outbox_due_idx')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('mail_outbox_open_topic_idx')
    .on('mail_outbox')
    .columns(['topic', 'recipient'])
    .unique()
    .where(sql.ref('status'), 'in', ['pending', 'sending'])
    .execute();
}
