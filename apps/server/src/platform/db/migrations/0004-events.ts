import type { Kysely } from 'kysely';
import { type ColumnKit, timestamps } from '../migration-kit.ts';

/** Events (SPEC §3), the members' attend/decline answers and personal calendar-subscription tokens. */
export async function up(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await timestamps(
    db.schema
      .createTable('events')
      .addColumn('id', kit.idType, kit.id)
      .addColumn('name', 'varchar(300)', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('location', 'varchar(300)')
      // `start`/`end` in the API; END is a reserved word in SQL.
      .addColumn('start_at', kit.timestampType, (col) => col.notNull())
      .addColumn('end_at', kit.timestampType, (col) => col.notNull())
      .addColumn('url', 'varchar(2000)')
      .addColumn('teilnahmeausblenden', kit.boolType, (col) => col.notNull().defaultTo(kit.false))
      .addColumn('external', kit.boolType, (col) => col.notNull().defaultTo(kit.false))
      .addColumn('registration_deadline', kit.timestampType)
      // storage key of the picture and the file name it was uploaded with
      .addColumn('image_key', 'varchar(300)')
      .addColumn('image_name', 'varchar(255)'),
    kit,
  ).execute();
  // Lists are ranges ordered by start; "upcoming" means not yet ended.
  await db.schema.createIndex('events_start_idx').on('events').columns(['start_at', 'id']).execute();
  await db.schema.createIndex('events_end_idx').on('events').column('end_at').execute();

  await timestamps(
    db.schema
      .createTable('event_subscriptions')
      .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      // true attends, false declined; no row means pending (SPEC §3)
      .addColumn('status', kit.boolType, (col) => col.notNull())
      .addPrimaryKeyConstraint('event_subscriptions_pk', ['event_id', 'user_id']),
    kit,
  ).execute();
  await db.schema
    .createIndex('event_subscriptions_user_idx')
    .on('event_subscriptions')
    .column('user_id')
    .execute();

  // One personal subscription address per member; only the token's hash is stored.
  await db.schema
    .createTable('calendar_tokens')
    .addColumn('id', kit.idType, kit.id)
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('created_at', kit.timestampType, (col) => col.notNull())
    .execute();
}
