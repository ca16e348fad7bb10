import type { TCsvRow } from '@portal/contract';
import { type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

export type Executor = Kysely<DB> | Transaction<DB>;

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
}

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
] as const;

/** Rows per INSERT: 4 parameters each stays far below SQLite's 32,766 and PostgreSQL's 65,535. */
const ROWS_PER_INSERT = 2000;

/** The text a search looks in: every cell (a link by its title), lower-cased, cells kept apart. */
export function searchText(cells: TCsvRow): string {
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

    /** Replaces the data rows of an item's table in batches (100,000 rows: 50 statements). */
    async replaceRows(executor: Executor, itemId: number, rows: readonly TCsvRow[]): Promise<void> {
      await executor.deleteFrom('contentItemRows').where('contentItemId', '=', itemId).execute();
      for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
        const batch = rows.slice(start, start + ROWS_PER_INSERT).map((cells, index) => ({
          contentItemId: itemId,
          rowIndex: start + index,
          cells: JSON.stringify(cells),
          search: searchText(cells),
        }));
        await executor.insertInto('contentItemRows').values(batch).execute();
      }
    },

    /** Cells (JSON text) of the data rows offset … offset+limit-1, by the primary key. */
    async rowRange(itemId: number, offset: number, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('contentItemRows')
        .select('cells')
        .where('contentItemId', '=', itemId)
        .where('rowIndex', '>=', offset)
        .where('rowIndex', '<', offset + limit)
        .orderBy('rowIndex')
        .execute();
      return rows.map((row) => row.cells);
    },

    async searchRows(itemId: number, needle: string, offset: number, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('contentItemRows')
        .select('cells')
        .where('contentItemId', '=', itemId)
        .where(matches(needle))
        .orderBy('rowIndex')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((row) => row.cells);
    },

    async countMatches(itemId: number, needle: string): Promise<number> {
      const row = await db
        .selectFrom('contentItemRows')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('contentItemId', '=', itemId)
        .where(matches(needle))
        .executeTakeFirstOrThrow();
      return Number(row.count);
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
