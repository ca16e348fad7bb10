import type { Kysely } from 'kysely';

/**
 * Where an item's table starts among its rows: the live rows are `csv_row_base` … `csv_row_base +
 * csv_row_count - 1`. A new table is stored beside the live one in short batches, then a small transaction
 * moves `csv_row_base` over to it, so no transaction holds the database while 100,000 rows are written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('content_items')
    .addColumn('csv_row_base', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}
