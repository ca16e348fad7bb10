import { setImmediate as nextTurn } from 'node:timers/promises';
import type { TCsvRow } from '@portal/contract';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';

export interface ContentItemRow {
  id: number;
  title: string;
  preText: string | null;
  postText: string | null;
  position: number;
  csvFile: string | null;
  csvKey: string | null;
  csvHeader: string | null;
  csvRowCount: number;
  /** row index of the table's first data row: 0 or ROW_SLOT */
  csvRowBase: number;
}

/** The live rows of an item's table. */
export type TableRows = Pick<ContentItemRow, 'id' | 'csvRowBase' | 'csvRowCount'>;

export type ContentItemValues = Omit<ContentItemRow, 'id'>;

const COLUMNS = [
  'contentItems.id',
  'contentItems.title',
  'contentItems.preText',
  'contentItems.postText',
  'contentItems.position',
  'contentItems.csvFile',
  'contentItems.csvKey',
  'contentItems.csvHeader',
  'contentItems.csvRowCount',
  'contentItems.csvRowBase',
] as const;

/**
 * The two places an item's table can live among its rows: from row index 0 or from ROW_SLOT. A new table is
 * written where the live one is not, so that readers see the old table until one small transaction switches
 * `csvRowBase` over; ROW_SLOT + CSV_MAX_ROWS stays inside PostgreSQL's `integer`.
 */
export const ROW_SLOT = 2 ** 30;

/**
 * Rows per statement when writing or deleting a table: each statement takes a few milliseconds, and other
 * requests run between two of them (SQLite has one connection, and node:sqlite blocks while it works).
 */
const ROWS_PER_BATCH = 500;

/** The text a search looks in: every cell (a link by its title), lower-cased, cells kept apart. */
function searchText(cells: TCsvRow): string {
  return cells
    .map((cell) => (typeof cell === 'string' ? cell : cell.title))
    .join('\u001f')
    .toLowerCase();
}

/** `%needle%` for LIKE … ESCAPE '\', with the needle's own wildcards escaped. */
function containsPattern(needle: string): string {
  return `%${needle.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function matches(needle: string) {
  return sql<SqlBool>`${sql.ref('search')} like ${containsPattern(needle)} escape ${sql.lit('\\')}`;
}

export function createContentRepository(db: Kysely<DB>) {
  const liveRows = (table: TableRows) =>
    db
      .selectFrom('contentItemRows')
      .where('contentItemId', '=', table.id)
      .where('rowIndex', '>=', table.csvRowBase)
      .where('rowIndex', '<', table.csvRowBase + table.csvRowCount);

  return {
    findItem(executor: Executor, id: number): Promise<ContentItemRow | undefined> {
      return executor.selectFrom('contentItems').select(COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    itemsOfCategory(categoryId: number): Promise<ContentItemRow[]> {
      return db
        .selectFrom('contentItems')
        .innerJoin('contentItemCategories', 'contentItemCategories.contentItemId', 'contentItems.id')
        .select(COLUMNS)
        .where('contentItemCategories.categoryId', '=', categoryId)
        .orderBy('contentItems.position')
        .orderBy('contentItems.id')
        .execute();
    },

    async categoriesOf(executor: Executor, itemIds: readonly number[]): Promise<Map<number, number[]>> {
      const result = new Map<number, number[]>();
      if (itemIds.length === 0) return result;
      const links = await executor
        .selectFrom('contentItemCategories')
        .select(['contentItemId', 'categoryId'])
        .where('contentItemId', 'in', itemIds)
        .orderBy('categoryId')
        .execute();
      for (const link of links)
        result.set(link.contentItemId, [...(result.get(link.contentItemId) ?? []), link.categoryId]);
      return result;
    },

    async existingIds(executor: Executor, ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await executor.selectFrom('contentItems').select('id').where('id', 'in', ids).execute();
      return new Set(rows.map((row) => row.id));
    },

    async insertItem(executor: Executor, values: ContentItemValues): Promise<number> {
      const now = new Date();
      const row = await executor
        .insertInto('contentItems')
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateItem(executor: Executor, id: number, values: Partial<ContentItemValues>): Promise<void> {
      await executor
        .updateTable('contentItems')
        .set({ ...values, updatedAt: new Date() })
        .where('id', '=', id)
        .execute();
    },

    async replaceCategories(
      executor: Executor,
      itemId: number,
      categoryIds: readonly number[],
    ): Promise<void> {
      await executor.deleteFrom('contentItemCategories').where('contentItemId', '=', itemId).execute();
      await executor
        .insertInto('contentItemCategories')
        .values(categoryIds.map((categoryId) => ({ contentItemId: itemId, categoryId })))
        .execute();
    },

    /**
     * Writes data rows from row index `base` on, a batch per statement outside any transaction, giving other
     * requests a turn between batches. The rows stay unseen until the item's `csvRowBase` points at them.
     */
    async insertRows(itemId: number, base: number, rows: readonly TCsvRow[]): Promise<void> {
      for (let start = 0; start < rows.length; start += ROWS_PER_BATCH) {
        const batch = rows.slice(start, start + ROWS_PER_BATCH).map((cells, index) => ({
          contentItemId: itemId,
          rowIndex: base + start + index,
          cells: JSON.stringify(cells),
          search: searchText(cells),
        }));
        await db.insertInto('contentItemRows').values(batch).execute();
        await nextTurn();
      }
    },

    /** Deletes an item's rows with index `first` … `last` (inclusive), a batch per statement. */
    async deleteRows(itemId: number, first: number, last: number): Promise<void> {
      const found = await db
        .selectFrom('contentItemRows')
        .select((eb) => eb.fn.max('rowIndex').as('last'))
        .where('contentItemId', '=', itemId)
        .where('rowIndex', '>=', first)
        .where('rowIndex', '<=', last)
        .executeTakeFirst();
      if (found?.last === null || found?.last === undefined) return;
      const end = found.last;
      for (let start = first; start <= end; start += ROWS_PER_BATCH) {
        await db
          .deleteFrom('contentItemRows')
          .where('contentItemId', '=', itemId)
          .where('rowIndex', '>=', start)
          .where('rowIndex', '<=', Math.min(start + ROWS_PER_BATCH - 1, end))
          .execute();
        await nextTurn();
      }
    },

    /** How many rows an item has from index `base` to `base + count - 1`. */
    async countRows(executor: Executor, itemId: number, base: number, count: number): Promise<number> {
      const row = await executor
        .selectFrom('contentItemRows')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('contentItemId', '=', itemId)
        .where('rowIndex', '>=', base)
        .where('rowIndex', '<', base + count)
        .executeTakeFirstOrThrow();
      return row.count;
    },

    /** Cells (JSON text) of the table's data rows offset … offset+limit-1, by the primary key. */
    async rowRange(table: TableRows, offset: number, limit: number): Promise<string[]> {
      const first = table.csvRowBase + offset;
      const rows = await db
        .selectFrom('contentItemRows')
        .select('cells')
        .where('contentItemId', '=', table.id)
        .where('rowIndex', '>=', first)
        .where('rowIndex', '<', Math.min(first + limit, table.csvRowBase + table.csvRowCount))
        .orderBy('rowIndex')
        .execute();
      return rows.map((row) => row.cells);
    },

    async searchRows(table: TableRows, needle: string, offset: number, limit: number): Promise<string[]> {
      const rows = await liveRows(table)
        .select('cells')
        .where(matches(needle))
        .orderBy('rowIndex')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((row) => row.cells);
    },

    async countMatches(table: TableRows, needle: string): Promise<number> {
      const row = await liveRows(table)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where(matches(needle))
        .executeTakeFirstOrThrow();
      return row.count;
    },

    /** Items filed under this category and no other. */
    itemsOnlyIn(executor: Executor, categoryId: number): Promise<{ id: number; csvKey: string | null }[]> {
      return executor
        .selectFrom('contentItems')
        .innerJoin('contentItemCategories as mine', 'mine.contentItemId', 'contentItems.id')
        .select(['contentItems.id', 'contentItems.csvKey'])
        .where('mine.categoryId', '=', categoryId)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('contentItemCategories as other')
                .select('other.categoryId')
                .whereRef('other.contentItemId', '=', 'contentItems.id')
                .where('other.categoryId', '<>', categoryId),
            ),
          ),
        )
        .execute();
    },

    async deleteItems(executor: Executor, ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await executor.deleteFrom('contentItems').where('id', 'in', ids).execute();
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
