import { hasRole, type TRole } from '@portal/contract';
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

/**
 * Who may open content pages at all (SPEC §2: ROLE_USER and above; a partner sees the categories' quick links
 * to other pages only). Which items they may read there, content-visibility.ts of the content feature says.
 */
export function opensContentPages(roles: readonly TRole[]): boolean {
  return hasRole(roles, 'ROLE_USER');
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
