import { type Kysely, sql } from 'kysely';
import type { ColumnKit } from '../migration-kit.ts';

/**
 * Issue 37 points 2, 4 and 5 (decisions 0189–0191):
 * - `notifications`: the notification centre, one row per member and event. `text` is the sentence without the
 *   actor's name (read with the actor's current name, 'Ehemaliges Mitglied' once erased); `dedupe_key` is
 *   unique per recipient, so a producer that runs twice (an edit, a toggled reaction) writes one row. Kept 90
 *   days (platform/notification-centre). `created_at` may lie ahead (a scheduled circular): shown from then on.
 * - `forum_post_reactions`: one row per post, member and kind.
 * - `forum_post_mentions`: who was mentioned in a post, once and for good: an edit never notifies them again.
 * - `notification_settings.mentions`: mails about mentions (on by default).
 * - `users_mention_idx`: the editor's `@` suggestions read the ids of the members who may be mentioned, and the
 *   search key they are matched in, from this index alone (bench/mentionable.ts: 20,000 members, SQLite read
 *   every row through users_role_idx in 25–40 ms a keystroke, this index in under 4 ms).
 */
export async function up(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', kit.idType, kit.id)
    .addColumn('recipient_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', (col) => col.notNull())
    .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('text', 'varchar(600)', (col) => col.notNull())
    .addColumn('link', 'varchar(500)', (col) => col.notNull())
    .addColumn('dedupe_key', 'varchar(200)', (col) => col.notNull())
    .addColumn('created_at', kit.timestampType, (col) => col.notNull())
    .addColumn('read_at', kit.timestampType)
    .addUniqueConstraint('notifications_dedupe', ['recipient_id', 'dedupe_key'])
    .execute();
  // The list, newest first, page after page.
  await db.schema
    .createIndex('notifications_list_idx')
    .on('notifications')
    .columns(['recipient_id', 'created_at', 'id'])
    .execute();
  // The bell's count reads this index alone: only unread rows are in it (read_at, always null here, makes it
  // cover the query's every column, so neither database reads the table).
  await db.schema
    .createIndex('notifications_unread_idx')
    .on('notifications')
    .columns(['recipient_id', 'created_at', 'read_at'])
    .where(sql.ref('read_at'), 'is', null)
    .execute();
  // The retention sweep, and an erased actor's rows.
  await db.schema.createIndex('notifications_created_idx').on('notifications').column('created_at').execute();
  await db.schema
    .createIndex('notifications_actor_idx')
    .on('notifications')
    .column('actor_id')
    .where(sql.ref('actor_id'), 'is not', null)
    .execute();

  await db.schema
    .createTable('forum_post_reactions')
    .addColumn('post_id', 'integer', (col) => col.notNull().references('forum_posts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', (col) => col.notNull())
    .addColumn('created_at', kit.timestampType, (col) => col.notNull())
    .addPrimaryKeyConstraint('forum_post_reactions_pk', ['post_id', 'kind', 'user_id'])
    .execute();
  await db.schema
    .createIndex('forum_post_reactions_user_idx')
    .on('forum_post_reactions')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('forum_post_mentions')
    .addColumn('post_id', 'integer', (col) => col.notNull().references('forum_posts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', kit.timestampType, (col) => col.notNull())
    .addPrimaryKeyConstraint('forum_post_mentions_pk', ['post_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('forum_post_mentions_user_idx')
    .on('forum_post_mentions')
    .column('user_id')
    .execute();

  await db.schema
    .createIndex('users_mention_idx')
    .on('users')
    .columns(['role', 'erased_at', 'disabled', 'id', 'search_key'])
    .execute();

  await db.schema
    .alterTable('notification_settings')
    .addColumn('mentions', kit.boolType, (col) => col.notNull().defaultTo(kit.true))
    .execute();
}
