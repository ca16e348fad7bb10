import type { Kysely } from 'kysely';

/**
 * Rate-limit counters in the database, so that every instance of the server counts the same attempts (with
 * two instances behind a load balancer, counters in memory would let through twice as many).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(300)', (col) => col.primaryKey())
    // end of the key's current window, in milliseconds since 1970
    .addColumn('reset_at', 'bigint', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_reset_idx').on('rate_limits').column('reset_at').execute();
}
