import type { Kysely, Transaction } from 'kysely';
import type { DatabaseKind } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { createSettingsRepository } from '../db/settings.ts';

/**
 * The settings row a backup sets to an ISO time in the future before it snapshots the database, and deletes
 * when its copy of the files is done (cli/backup). Until then no stored file is deleted: a file the snapshot
 * still references must be there when the files are copied.
 */
export const DELETIONS_HELD_KEY = 'storage.deletionsHeldUntil';

/** Keys a sweep takes per statement, so that no statement runs long and a failure loses little. */
const SWEEP_BATCH = 100;

/**
 * The upload ledger (table upload_intents, migration 0009): keys of stored files that no committed record
 * owns. Whoever removes a key's row owns the decision about its file: the save that commits it (the file
 * stays), or the sweep or failed save that deletes it (the file goes). Rows are removed with
 * DELETE … RETURNING, so of several instances exactly one gets each key.
 */
export function createUploadIntents(db: Kysely<DB>, kind: DatabaseKind) {
  return {
    /** Records keys before their files are written; each insert commits on its own. */
    async record(keys: readonly string[], now = new Date()): Promise<void> {
      if (keys.length === 0) return;
      await db
        .insertInto('uploadIntents')
        .values(keys.map((key) => ({ key, createdAt: now })))
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    },

    /**
     * Inside the transaction that commits records pointing at `keys`: removes their rows, false when one
     * is gone already (a sweep took it and deletes, or deleted, its file). On PostgreSQL the removed rows
     * stay locked until the commit, so a sweep running meanwhile waits and then finds them gone.
     */
    async settle(trx: Transaction<DB>, keys: readonly string[]): Promise<boolean> {
      if (keys.length === 0) return true;
      const result = await trx.deleteFrom('uploadIntents').where('key', 'in', keys).executeTakeFirst();
      return Number(result.numDeletedRows) === new Set(keys).size;
    },

    /** Removes the rows of `keys` and returns those this call removed: their files are the caller's to delete. */
    async release(keys: readonly string[]): Promise<string[]> {
      if (keys.length === 0) return [];
      const rows = await db.deleteFrom('uploadIntents').where('key', 'in', keys).returning('key').execute();
      return rows.map((row) => row.key);
    },

    /**
     * Removes up to SWEEP_BATCH rows recorded before `before` and returns their keys. Rows another
     * transaction holds (a save committing them right now) are skipped on PostgreSQL, not waited for.
     */
    async releaseStale(before: Date): Promise<string[]> {
      const stale = db
        .selectFrom('uploadIntents')
        .select('key')
        .where('createdAt', '<=', before)
        .orderBy('createdAt')
        .limit(SWEEP_BATCH);
      const rows = await db
        .deleteFrom('uploadIntents')
        .where('key', 'in', kind === 'postgres' ? stale.forUpdate().skipLocked() : stale)
        .returning('key')
        .execute();
      return rows.map((row) => row.key);
    },

    /** True while a backup holds deletions (DELETIONS_HELD_KEY lies in the future). */
    async deletionsHeld(now = new Date()): Promise<boolean> {
      const until = await createSettingsRepository(db).get(DELETIONS_HELD_KEY);
      if (until === undefined) return false;
      const time = Date.parse(until);
      // A value that is no time at all holds too: better a file kept too long than a backup missing one.
      return Number.isNaN(time) || time > now.getTime();
    },

    batchSize: SWEEP_BATCH,
  };
}

export type UploadIntents = ReturnType<typeof createUploadIntents>;
