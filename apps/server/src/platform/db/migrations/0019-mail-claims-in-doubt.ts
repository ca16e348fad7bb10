import type { Kysely } from 'kysely';
import type { ColumnKit } from '../migration-kit.ts';

/**
 * When a mail worker found the lease of another worker's claim run out (decision 0112). The claim is not taken
 * over then: its lease runs once more, and only a claim that its holder neither renewed nor marked in that
 * time is sent again. A holder that was only cut off from the database (an outage, a failover) marks its
 * mail in that time instead of having it sent twice.
 */
export async function up(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('claim_expired_at', kit.timestampType).execute();
}
