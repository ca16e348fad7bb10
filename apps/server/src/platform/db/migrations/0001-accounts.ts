import type { Kysely } from 'kysely';
import { type ColumnKit, timestamps } from '../migration-kit.ts';

export async function up(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await db.schema
    .createTable('user_groups')
    .addColumn('id', kit.idType, kit.id)
    .addColumn('name', 'varchar(100)', (col) => col.notNull().unique())
    .addColumn('internal', kit.boolType, (col) => col.notNull().defaultTo(kit.false))
    .addColumn('is_default', kit.boolType, (col) => col.notNull().defaultTo(kit.false))
    .addColumn('created_at', kit.timestampType, (col) => col.notNull())
    .execute();

  await timestamps(
    db.schema
      .createTable('users')
      .addColumn('id', kit.idType, kit.id)
      .addColumn('username', 'varchar(100)', (col) => col.notNull())
      // username lower-cased and NFC-normalised: the unique, case-insensitive key
      .addColumn('username_key', 'varchar(100)', (col) => col.notNull().unique())
      .addColumn('email', 'varchar(254)')
      .addColumn('company', 'varchar(200)')
      // the highest role; the hierarchy grants the rest (ARCHITECTURE §4)
      .addColumn('role', 'varchar(20)', (col) => col.notNull())
      .addColumn('password_hash', 'varchar(255)')
      .addColumn('disabled', kit.boolType, (col) => col.notNull().defaultTo(kit.false)),
    kit,
  ).execute();

  await db.schema
    .createTable('user_group_members')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (col) => col.notNull().references('user_groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_group_members_pk', ['user_id', 'group_id'])
    .execute();
  await db.schema
    .createIndex('user_group_members_group_idx')
    .on('user_group_members')
    .column('group_id')
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', kit.idType, kit.id)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('expires_at', kit.timestampType, (col) => col.notNull())
    .addColumn('used_at', kit.timestampType)
    // set before migration 0007; since then the session's revoked_at ends the family
    .addColumn('revoked_at', kit.timestampType)
    .addColumn('created_at', kit.timestampType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();

  await db.schema
    .createTable('login_tokens')
    .addColumn('id', kit.idType, kit.id)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('expires_at', kit.timestampType, (col) => col.notNull())
    .addColumn('used_at', kit.timestampType)
    .addColumn('created_at', kit.timestampType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('login_tokens_user_idx').on('login_tokens').column('user_id').execute();
}
