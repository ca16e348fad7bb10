/**
 * How a table's rows are replaced without a long transaction (migration 0008): the new rows are written
 * where the live table is not (its other slot; for a new item, a hidden item without categories) in short
 * statements, then the caller's small transaction switches `csvRowBase` over, and the old rows are deleted
 * in short statements afterwards. Readers see the old table or the new one, never a mixture. The rows' search
 * documents go the same way, beside the staged rows and a slice at a time (issue 33 point 9): the search finds a
 * block's document only while its first row is in the item's live table (content.search-source.ts), so the
 * switch makes them live with the rows and writes none of them.
 */
import type { TCsvRow } from '@portal/contract';
import { CONTENT_MESSAGES } from '@portal/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { cleanUp } from '../../platform/db/side-work.ts';
import { conflict } from '../../platform/http/errors.ts';
import type { SearchIndex } from '../search/index.ts';
import {
  type ContentItemRow,
  type ContentItemValues,
  type ContentRepository,
  ROW_SLOT,
  type TableRows,
} from './content.repository.ts';
import { writeTableBlocks } from './content-search-rows.ts';

/** Where a new table's rows were written before the item switches to them. */
export interface StagedTable {
  itemId: number;
  base: number;
  rowCount: number;
  /** the item was created for this save (hidden: no category yet), so a failure removes it again */
  created: boolean;
  /** the search documents written for its rows (none when the index is off) */
  documents: number;
}

/** The indexes of the rows from `base` on, as far as a table can reach. */
const place = (base: number) => ({ first: base, last: base + ROW_SLOT - 1 });

export function createTableStaging(db: Kysely<DB>, repo: ContentRepository, search: SearchIndex) {
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
      const staged: Omit<StagedTable, 'documents'> = current
        ? { itemId: current.id, base: current.csvRowBase === 0 ? ROW_SLOT : 0, rowCount, created: false }
        : { itemId: await repo.insertItem(db, values), base: 0, rowCount, created: true };
      let documents = 0;
      try {
        // Rows and documents left in this place by a save that never finished.
        await repo.deleteRows(staged.itemId, staged.base, staged.base + ROW_SLOT - 1);
        await search.dropPart(db, 'content', staged.itemId, place(staged.base));
        let next = staged.base;
        await fill(async (rows) => {
          await repo.insertRows(staged.itemId, next, rows);
          next += rows.length;
        });
        const table = { id: staged.itemId, base: staged.base, count: rowCount, date: new Date() };
        documents = await search.writePart(db, 'content', (writer) => writeTableBlocks(writer, table));
      } catch (error) {
        await staging.discard(staged);
        throw error;
      }
      return { ...staged, documents };
    },

    /**
     * In the switching transaction: every staged row and its search document is there and the live table is
     * elsewhere; else 409.
     */
    async check(trx: Transaction<DB>, current: ContentItemRow, staged: StagedTable): Promise<void> {
      const found = await repo.countRows(trx, staged.itemId, staged.base, staged.rowCount);
      const documents = await search.countPart(trx, 'content', staged.itemId, place(staged.base));
      if (
        found !== staged.rowCount ||
        documents !== staged.documents ||
        (current.csvRowCount > 0 && current.csvRowBase === staged.base)
      ) {
        // Another save of the same item came in between.
        throw conflict(CONTENT_MESSAGES.tableChanged);
      }
    },

    /**
     * After a failed save: the staged rows and their documents go, and the hidden item made for them; also
     * when the save failed because its client left or its time ran out (then detached, platform/db/side-work.ts).
     */
    discard(staged: Omit<StagedTable, 'documents'>): Promise<void> {
      return cleanUp('removing the rows of a table that was not saved', async () => {
        await repo.deleteRows(staged.itemId, staged.base, staged.base + staged.rowCount - 1);
        await search.dropPart(db, 'content', staged.itemId, place(staged.base));
        if (staged.created) await repo.deleteItems(db, [staged.itemId]);
      });
    },

    /** The rows and documents of a table no longer live (replaced, removed, or its item about to be deleted). */
    async free(table: TableRows): Promise<void> {
      await repo.deleteRows(table.id, table.csvRowBase, table.csvRowBase + table.csvRowCount - 1);
      await search.dropPart(db, 'content', table.id, place(table.csvRowBase));
    },
  };
  return staging;
}
