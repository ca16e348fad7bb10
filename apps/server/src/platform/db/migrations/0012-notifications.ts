import { type Kysely, sql } from 'kysely';
import type { ColumnKit } from '../migration-kit.ts';

/**
 * Notifications (issue 17): what each member has read of a thread and whether they follow it, their
 * notification settings, the List-Unsubscribe address of a queued mail, and a lease table so that one
 * instance at a time runs a scheduled job (the digest).
 */
export async function up(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  // Posts of a thread count as unread only when written after this moment: for members already there the
  // moment of this migration; members who join later have none (features/forums/forum-baseline.ts).
  await db.schema.alterTable('users').addColumn('forum_read_from', kit.timestampType).execute();
  const now = new Date();
  await sql`update users set forum_read_from = ${kit.kind === 'postgres' ? now : now.toISOString()}`.execute(
    db,
  );

  // Missing row: the defaults (forum replies on, daily digest, version 0, no digest sent yet).
  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('forum_replies', kit.boolType, (col) => col.notNull().defaultTo(kit.true))
    .addColumn('digest', 'varchar(10)', (col) => col.notNull().defaultTo('daily'))
    // raised with every change of the settings: an unsubscribe link signed for an older version is spent
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    // the digest has covered everything up to this moment (null: none sent yet)
    .addColumn('digest_until', kit.timestampType)
    .addColumn('updated_at', kit.timestampType, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('forum_thread_readers')
    .addColumn('thread_id', 'integer', (col) =>
      col.notNull().references('forum_threads.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('following', kit.boolType, (col) => col.notNull().defaultTo(kit.false))
    // set once the member pressed follow or unfollow: writing a post then no longer changes `following`
    .addColumn('follow_chosen', kit.boolType, (col) => col.notNull().defaultTo(kit.false))
    // the newest post the member has seen (id and time)
    .addColumn('read_post_id', 'integer')
    .addColumn('read_post_at', kit.timestampType)
    // a reply mail went out and the member has not opened the thread since: no further mail until they do
    .addColumn('mailed_at', kit.timestampType)
    .addPrimaryKeyConstraint('forum_thread_readers_pk', ['thread_id', 'user_id'])
    .execute();
  // Whoever wrote in a thread before follows it, as writing in one does from now on.
  await sql`insert into forum_thread_readers (thread_id, user_id, following)
    select distinct thread_id, author_id, ${kit.true} from forum_posts where author_id is not null`.execute(
    db,
  );
  await db.schema
    .createIndex('forum_thread_readers_user_idx')
    .on('forum_thread_readers')
    .columns(['user_id', 'thread_id'])
    .execute();
  // Unread posts of a thread are counted by id.
  await db.schema
    .createIndex('forum_posts_thread_id_idx')
    .on('forum_posts')
    .columns(['thread_id', 'id'])
    .execute();
  // 'Neu im Forum' and the digest look for threads active after a moment.
  await db.schema
    .createIndex('forum_threads_last_post_idx')
    .on('forum_threads')
    .column('last_post_at')
    .execute();

  // The digest looks for what is new in its window.
  await db.schema.createIndex('blog_posts_created_idx').on('blog_posts').column('created_at').execute();
  await db.schema.createIndex('events_created_idx').on('events').column('created_at').execute();
  await db.schema.createIndex('content_items_updated_idx').on('content_items').column('updated_at').execute();

  await db.schema.alterTable('mail_outbox').addColumn('list_unsubscribe', 'varchar(1000)').execute();
  // MAIL_RATE_PER_MINUTE counts the mails sent in the last minute.
  await db.schema.createIndex('mail_outbox_sent_idx').on('mail_outbox').column('sent_at').execute();

  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'varchar(100)', (col) => col.primaryKey())
    .addColumn('holder', 'varchar(100)', (col) => col.notNull())
    .addColumn('locked_until', kit.timestampType, (col) => col.notNull())
    .execute();
}
