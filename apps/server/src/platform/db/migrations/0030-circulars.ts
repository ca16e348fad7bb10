import type { Kysely } from 'kysely';
import { type ColumnKit, timestamps } from '../migration-kit.ts';

/**
 * Issue 34: circulars (Rundschreiben) with read confirmation (decisions 0160–0162).
 * - `blog_posts`: a circular's number of its year (`circular_year`, `circular_number`, unique together),
 *   whether it asks for confirmation and by when (`confirm_by`, a Berlin date 'YYYY-MM-DD'), the version that
 *   confirmations count for (`circular_version`, raised by a change that needs a new confirmation) and when
 *   the office's last 'Erinnerung senden' was queued (`confirmation_reminder_at`).
 * - `blog_circular_counters`: the last number given per year, raised in the save's transaction: a save that
 *   fails gives its number back, two at once wait for each other's row (gap-free on both databases).
 * - `blog_circular_versions`: the texts of each version, so a member sees what changed since they confirmed.
 * - `blog_confirmations`: one row per member and version they confirmed; earlier versions stay as history.
 * - `blog_circular_reminders`: one claimed row per member, version and kind ('before', 'due') of reminder
 *   mail, written with the mail in one transaction: each is queued exactly once.
 * - `blog_post_attachments`: a circular's PDF files, in their order.
 */
export async function up(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await db.schema.alterTable('blog_posts').addColumn('circular_year', 'integer').execute();
  await db.schema.alterTable('blog_posts').addColumn('circular_number', 'integer').execute();
  await db.schema
    .alterTable('blog_posts')
    .addColumn('confirmation_required', kit.boolType, (col) => col.notNull().defaultTo(kit.false))
    .execute();
  await db.schema.alterTable('blog_posts').addColumn('confirm_by', 'varchar(10)').execute();
  await db.schema
    .alterTable('blog_posts')
    .addColumn('circular_version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('blog_posts').addColumn('confirmation_reminder_at', kit.timestampType).execute();
  await db.schema
    .createIndex('blog_posts_circular_number')
    .on('blog_posts')
    .columns(['circular_year', 'circular_number'])
    .unique()
    .execute();

  await db.schema
    .createTable('blog_circular_counters')
    .addColumn('year', 'integer', (col) => col.primaryKey())
    .addColumn('last_number', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('blog_circular_versions')
    .addColumn('blog_post_id', 'integer', (col) =>
      col.notNull().references('blog_posts.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('title', 'varchar(300)', (col) => col.notNull())
    .addColumn('pre_text', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('created_at', kit.timestampType, (col) => col.notNull())
    .addPrimaryKeyConstraint('blog_circular_versions_pk', ['blog_post_id', 'version'])
    .execute();

  await db.schema
    .createTable('blog_confirmations')
    .addColumn('blog_post_id', 'integer', (col) =>
      col.notNull().references('blog_posts.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('confirmed_at', kit.timestampType, (col) => col.notNull())
    .addPrimaryKeyConstraint('blog_confirmations_pk', ['blog_post_id', 'version', 'user_id'])
    .execute();
  await db.schema
    .createIndex('blog_confirmations_by_user')
    .on('blog_confirmations')
    .columns(['user_id', 'blog_post_id'])
    .execute();

  await db.schema
    .createTable('blog_circular_reminders')
    .addColumn('blog_post_id', 'integer', (col) =>
      col.notNull().references('blog_posts.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(10)', (col) => col.notNull())
    .addColumn('queued_at', kit.timestampType, (col) => col.notNull())
    .addPrimaryKeyConstraint('blog_circular_reminders_pk', ['blog_post_id', 'version', 'user_id', 'kind'])
    .execute();
  await db.schema
    .createIndex('blog_circular_reminders_by_user')
    .on('blog_circular_reminders')
    .column('user_id')
    .execute();

  await timestamps(
    db.schema
      .createTable('blog_post_attachments')
      .addColumn('id', kit.idType, kit.id)
      .addColumn('blog_post_id', 'integer', (col) =>
        col.notNull().references('blog_posts.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('storage_key', 'varchar(200)', (col) => col.notNull())
      .addColumn('file_name', 'varchar(255)', (col) => col.notNull())
      .addColumn('size', 'integer', (col) => col.notNull()),
    kit,
  ).execute();
  await db.schema
    .createIndex('blog_post_attachments_by_post')
    .on('blog_post_attachments')
    .columns(['blog_post_id', 'position'])
    .execute();
}
