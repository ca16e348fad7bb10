/**
 * How a table's rows are replaced without a long transaction (migration 0008): the new rows are written
 * where the live table is not (its other slot; for a new item, a hidden item without categories) in short
 * statements, then the caller's small transaction switches `csvRowBase` over, and the old rows are deleted
 * in short statements afterwards. Readers see the old table or the new one, never a mixture.
 */
import type { TCsvRow } from '@portal/contract';
import { CONTENT_MESSAGES } from '@portal/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { cleanUp } from '../../platform/db/side-work.ts';
import { conflict } from '../../platform/http/errors.ts';
import {
  type ContentItemRow,
  type ContentItemValues,
  type ContentRepository,
  ROW_SLOT,
  type TableRows,
} from './content.repository.ts';

/** Where a new table's rows were written before the item switches to them. */
export interface StagedTable {
  itemId: number;
  base: number;
  rowCount: number;
  /** the item was created for this save (hidden: no category yet), so a failure removes it again */
  created: boolean;
}

export function createTableStaging(db: Kysely<DB>, repo: ContentRepository) {
  const staging = {
    /**
     * Writes a table of `rowCount` rows beside the live table of `current`, or for a new hidden item made of
     * `values`. `fill` hands over the rows a slice at a time, in order, through the `write` it is given.
     */
    async stage(
      current: ContentItemRow | undefined,
      values: ContentItemValues,
      rowCount: number,
      fill: (write: (rows: readonly TCsvRow[]) => Promise<void>) => Promise<void>,
    ): Promise<StagedTable> {
      const staged: StagedTable = current
        ? { itemId: current.id, base: current.csvRowBase === 0 ? ROW_SLOT : 0, rowCount, created: false }
        : { itemId: await repo.insertItem(db, values), base: 0, rowCount, created: true };
      try {
        // Rows left in this place by a save that never finished.
        await repo.deleteRows(staged.itemId, staged.base, staged.base + ROW_SLOT - 1);
        let next = staged.base;
        await fill(async (rows) => {
          await repo.insertRows(staged.itemId, next, rows);
          next += rows.length;
        });
      } catch (error) {
        await staging.discard(staged);
        throw error;
      }
      return staged;
    },

    /** In the switching transaction: every staged row is there and the live table is elsewhere; else 409. */
    async check(trx: Transaction<DB>, current: ContentItemRow, staged: StagedTable): Promise<void> {
      const found = await repo.countRows(trx, staged.itemId, staged.base, staged.rowCount);
      if (found !== staged.rowCount || (current.csvRowCount > 0 && current.csvRowBase === staged.base)) {
        // Another save of the same item came in between.
        throw conflict(CONTENT_MESSAGES.tableChanged);
      }
    },

    /**
     * After a failed save: the staged rows go, and the hidden item made for them; also when the save failed
     * because its client left or its time ran out (then detached, platform/db/side-work.ts).
     */
    discard(staged: StagedTable): Promise<void> {
      return cleanUp('removing the rows of a table that was not saved', async () => {
        await repo.deleteRows(staged.itemId, staged.base, staged.base + staged.rowCount - 1);
        if (staged.created) await repo.deleteItems(db, [staged.itemId]);
      });
    },

    /** The rows of a table no longer live (replaced, removed, or its item about to be deleted). */
    async free(table: TableRows): Promise<void> {
      await repo.deleteRows(table.id, table.csvRowBase, table.csvRowBase + table.csvRowCount - 1);
    },
  };
  return staging;
}
