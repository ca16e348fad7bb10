import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { type CategoryRow, createCategoriesRepository } from './categories.repository.ts';
import { visibleCategories } from './category-tree.ts';

/** What other features may ask about categories (the content feature checks visibility through it). */
export interface CategoryAccess {
  /** every category the principal may see, by id (ancestors included in the check). */
  visible(principal: Principal, executor?: Executor): Promise<Map<number, CategoryRow>>;
  /** which of `ids` exist at all. */
  existingIds(executor: Executor, ids: readonly number[]): Promise<Set<number>>;
}

export function createCategoryAccess(db: Kysely<DB>): CategoryAccess {
  const repo = createCategoriesRepository(db);
  return {
    async visible(principal, executor = db) {
      return visibleCategories(await repo.listOwnVisible(principal, executor));
    },
    existingIds: (executor, ids) => repo.existingIds(executor, ids),
  };
}
