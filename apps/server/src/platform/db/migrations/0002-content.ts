import type { Kysely } from 'kysely';
import { type ColumnKit, timestamps } from '../migration-kit.ts';

/** Content category tree, content items and their CSV tables (SPEC §3, §7). */
export async function up(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await timestamps(
    db.schema
      .createTable('content_categories')
      .addColumn('id', kit.idType, kit.id)
      // No cascade: a category with sub-categories cannot be deleted (the service answers 409 first).
      .addColumn('parent_id', 'integer', (col) => col.references('content_categories.id'))
      .addColumn('name', 'varchar(200)', (col) => col.notNull())
      .addColumn('description', 'text')
      // 'content' or 'url'
      .addColumn('type', 'varchar(20)', (col) => col.notNull())
      .addColumn('url', 'varchar(2000)')
      .addColumn('show_in_quick_access', kit.boolType, (col) => col.notNull().defaultTo(kit.false))
      .addColumn('level', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('position', 'integer', (col) => col.notNull().defaultTo(999)),
    kit,
  ).execute();
  await db.schema
    .createIndex('content_categories_parent_idx')
    .on('content_categories')
    .column('parent_id')
    .execute();

  await db.schema
    .createTable('content_category_groups')
    .addColumn('category_id', 'integer', (col) =>
      col.notNull().references('content_categories.id').onDelete('cascade'),
    )
    .addColumn('group_id', 'integer', (col) => col.notNull().references('user_groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('content_category_groups_pk', ['category_id', 'group_id'])
    .execute();
  await db.schema
    .createIndex('content_category_groups_group_idx')
    .on('content_category_groups')
    .column('group_id')
    .execute();

  await timestamps(
    db.schema
      .createTable('content_items')
      .addColumn('id', kit.idType, kit.id)
      .addColumn('title', 'varchar(300)', (col) => col.notNull())
      .addColumn('pre_text', 'text')
      .addColumn('post_text', 'text')
      .addColumn('position', 'integer', (col) => col.notNull().defaultTo(999))
      // name of the uploaded file, the storage key of its UTF-8 copy, the header row (JSON) and the row count
      .addColumn('csv_file', 'varchar(255)')
      .addColumn('csv_key', 'varchar(300)')
      .addColumn('csv_header', 'text')
      .addColumn('csv_row_count', 'integer', (col) => col.notNull().defaultTo(0)),
    kit,
  ).execute();

  await db.schema
    .createTable('content_item_categories')
    .addColumn('content_item_id', 'integer', (col) =>
      col.notNull().references('content_items.id').onDelete('cascade'),
    )
    .addColumn('category_id', 'integer', (col) =>
      col.notNull().references('content_categories.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('content_item_categories_pk', ['content_item_id', 'category_id'])
    .execute();
  await db.schema
    .createIndex('content_item_categories_category_idx')
    .on('content_item_categories')
    .column('category_id')
    .execute();

  // One row per data row of a table: cells as JSON text (sent as it is), `search` lower-cased for `q`.
  await db.schema
    .createTable('content_item_rows')
    .addColumn('content_item_id', 'integer', (col) =>
      col.notNull().references('content_items.id').onDelete('cascade'),
    )
    .addColumn('row_index', 'integer', (col) => col.notNull())
    .addColumn('cells', 'text', (col) => col.notNull())
    .addColumn('search', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('content_item_rows_pk', ['content_item_id', 'row_index'])
    .execute();
}
