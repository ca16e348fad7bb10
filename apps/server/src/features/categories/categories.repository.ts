import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import { visibleTo } from '../../platform/auth/visibility.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';

export interface CategoryRow {
  id: number;
  parentId: number | null;
  name: string;
  description: string | null;
  type: string;
  url: string | null;
  showInQuickAccess: boolean;
  level: number;
  position: number;
  groupIds: number[];
}

export interface CategoryValues {
  name: string;
  description: string | null;
  type: string;
  url: string | null;
  showInQuickAccess: boolean;
  parentId: number | null;
  level: number;
  position: number;
}

const COLUMNS = [
  'id',
  'parentId',
  'name',
  'description',
  'type',
  'url',
  'showInQuickAccess',
  'level',
  'position',
] as const;

export function createCategoriesRepository(db: Kysely<DB>) {
  return {
    /** The categories whose own groups meet the principal's (all for admins); ancestors are checked later. */
    async listOwnVisible(principal: Principal, executor: Executor = db): Promise<CategoryRow[]> {
      const rows = await executor
        .selectFrom('contentCategories')
        .select(COLUMNS)
        .where((eb) =>
          visibleTo(principal, (groupIds) =>
            eb.exists(
              eb
                .selectFrom('contentCategoryGroups as vg')
                .select(eb.lit(1).as('one'))
                .whereRef('vg.categoryId', '=', 'contentCategories.id')
                .where('vg.groupId', 'in', groupIds),
            ),
          ),
        )
        .execute();
      const links = await executor
        .selectFrom('contentCategoryGroups')
        .select(['categoryId', 'groupId'])
        .execute();
      const groups = new Map<number, number[]>();
      for (const link of links)
        groups.set(link.categoryId, [...(groups.get(link.categoryId) ?? []), link.groupId]);
      return rows.map((row) => ({
        ...row,
        groupIds: (groups.get(row.id) ?? []).sort((a, b) => a - b),
      }));
    },

    /** One category with its groups, read in the caller's transaction (the audit log's before and after). */
    async find(executor: Executor, id: number): Promise<CategoryRow | undefined> {
      const row = await executor
        .selectFrom('contentCategories')
        .select(COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const links = await executor
        .selectFrom('contentCategoryGroups')
        .select('groupId')
        .where('categoryId', '=', id)
        .orderBy('groupId')
        .execute();
      return {
        ...row,
        groupIds: links.map((link) => link.groupId),
      };
    },

    /** id and name of every category (the audit log names parents and moved categories). */
    listNames(executor: Executor) {
      return executor.selectFrom('contentCategories').select(['id', 'name']).execute();
    },

    /** id and parent of every category, for level and cycle checks. */
    listParents(executor: Executor) {
      return executor
        .selectFrom('contentCategories')
        .select(['id', 'parentId', 'level', 'position'])
        .execute();
    },

    async insert(executor: Executor, values: CategoryValues): Promise<number> {
      const now = new Date();
      const row = await executor
        .insertInto('contentCategories')
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(executor: Executor, id: number, values: Partial<CategoryValues>): Promise<void> {
      await executor
        .updateTable('contentCategories')
        .set({ ...values, updatedAt: new Date() })
        .where('id', '=', id)
        .execute();
    },

    async replaceGroups(executor: Executor, categoryId: number, groupIds: readonly number[]): Promise<void> {
      await executor.deleteFrom('contentCategoryGroups').where('categoryId', '=', categoryId).execute();
      if (groupIds.length === 0) return;
      await executor
        .insertInto('contentCategoryGroups')
        .values(groupIds.map((groupId) => ({ categoryId, groupId })))
        .execute();
    },

    async hasChildren(executor: Executor, id: number): Promise<boolean> {
      const row = await executor
        .selectFrom('contentCategories')
        .select('id')
        .where('parentId', '=', id)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async delete(executor: Executor, id: number): Promise<void> {
      await executor.deleteFrom('contentCategories').where('id', '=', id).execute();
    },

    async existingIds(executor: Executor, ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await executor
        .selectFrom('contentCategories')
        .select('id')
        .where('id', 'in', ids)
        .execute();
      return new Set(rows.map((row) => row.id));
    },
  };
}
