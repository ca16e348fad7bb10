import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * A lease per scheduled job (table job_leases), so that one instance at a time runs it however many
 * servers and command-line runs share the database. Taking it is one statement each way, both race-safe on
 * SQLite and PostgreSQL: an insert that does nothing when the row exists, else an update whose condition
 * (expired, or held by the same holder) the database re-checks under the row lock.
 */
export interface JobLease {
  /** true when `holder` holds the lease now, until `now + leaseMs` (a holder renews it the same way). */
  take(name: string, holder: string, leaseMs: number, now?: Date): Promise<boolean>;
  /** gives the lease up, if `holder` still holds it. */
  release(name: string, holder: string): Promise<void>;
}

export function createJobLease(db: Kysely<DB>): JobLease {
  return {
    async take(name, holder, leaseMs, now = new Date()) {
      const lockedUntil = new Date(now.getTime() + leaseMs);
      const inserted = await db
        .insertInto('jobLeases')
        .values({ name, holder, lockedUntil })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
      const updated = await db
        .updateTable('jobLeases')
        .set({ holder, lockedUntil })
        .where('name', '=', name)
        .where((eb) => eb.or([eb('lockedUntil', '<', now), eb('holder', '=', holder)]))
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    async release(name, holder) {
      await db.deleteFrom('jobLeases').where('name', '=', name).where('holder', '=', holder).execute();
    },
  };
}
