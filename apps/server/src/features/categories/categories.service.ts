import {
  CATEGORY_MESSAGES,
  CATEGORY_TYPE_LABELS,
  CATEGORY_TYPES,
  type TCategoryTreeNodeInput,
  type TContentCategory,
  type TContentCategoryFormData,
  type TContentCategoryValues,
} from '@portal/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { isBlankRichText, sanitizeRichText } from '../../platform/html/sanitize.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { Principal } from '../accounts/principal.ts';
import { createCategoriesRepository } from './categories.repository.ts';
import { createCategoryAccess } from './category-access.ts';
import { buildTree, categoryWithChildren, levelsOf, placementsOf, quickAccessOf } from './category-tree.ts';

/** What deleting a category asks of the content feature (SPEC: its items go with it unless filed elsewhere). */
export interface CategoryContentCleanup {
  /** deletes the items filed only under the category, in the caller's transaction; returns their files. */
  deleteItemsOnlyIn(trx: Transaction<DB>, categoryId: number): Promise<string[]>;
  /** removes stored files once the transaction has committed. */
  discardFiles(keys: readonly string[]): Promise<void>;
}

export interface CategoriesServiceDeps {
  db: Kysely<DB>;
  accounts: Pick<AccountsService, 'listGroups'>;
  content: CategoryContentCleanup;
}

const DEFAULT_POSITION = 999;
const field = (name: string) => `contentCategory.${name}`;

export function createCategoriesService(deps: CategoriesServiceDeps) {
  const { db } = deps;
  const repo = createCategoriesRepository(db);
  const access = createCategoryAccess(db);

  /** Rewrites the level of every category whose depth changed; 400 when the parents would form a cycle. */
  async function syncLevels(trx: Transaction<DB>) {
    const rows = await repo.listParents(trx);
    const levels = levelsOf(rows);
    if (!levels)
      throw badRequest(CATEGORY_MESSAGES.ownParent, { [field('parentId')]: CATEGORY_MESSAGES.ownParent });
    for (const row of rows) {
      const level = levels.get(row.id) ?? 1;
      if (level !== row.level) await repo.update(trx, row.id, { level });
    }
  }

  async function checkedGroupIds(ids: readonly number[]): Promise<number[]> {
    const known = new Set((await deps.accounts.listGroups()).map((group) => group.id));
    if (ids.some((id) => !known.has(id))) {
      throw badRequest(CATEGORY_MESSAGES.unknownGroup, {
        [field('visibleForUserGroups')]: CATEGORY_MESSAGES.unknownGroup,
      });
    }
    return [...new Set(ids)].sort((a, b) => a - b);
  }

  const service = {
    async tree(principal: Principal): Promise<TContentCategory[]> {
      return buildTree(await access.visible(principal));
    },

    async quickAccess(principal: Principal): Promise<TContentCategory[]> {
      return quickAccessOf(await access.visible(principal));
    },

    /** One visible category with its visible subtree and its ancestors; 404 when hidden or missing. */
    async byId(principal: Principal, id: number): Promise<TContentCategory> {
      const visible = await access.visible(principal);
      const row = visible.get(id);
      if (!row) throw notFound();
      return categoryWithChildren(row, visible);
    },

    async formData(): Promise<TContentCategoryFormData> {
      const groups = await deps.accounts.listGroups();
      return {
        types: CATEGORY_TYPES.map((value) => ({ value, text: CATEGORY_TYPE_LABELS[value] })),
        urlType: 'url',
        userGroups: groups.map((group) => ({ id: group.id, name: group.name })),
        defaultUserGroups: groups.filter((group) => Boolean(group.isDefault)).map((group) => group.id),
      };
    },

    /** Creates or updates a category; the level follows from the parent. Returns the whole tree. */
    async save(principal: Principal, input: TContentCategoryValues): Promise<TContentCategory[]> {
      const groupIds = await checkedGroupIds(input.visibleForUserGroups);
      const description =
        input.description && !isBlankRichText(input.description) ? sanitizeRichText(input.description) : null;
      await db.transaction().execute(async (trx) => {
        const rows = new Map((await repo.listParents(trx)).map((row) => [row.id, row]));
        const current = input.id === undefined ? undefined : rows.get(input.id);
        if (input.id !== undefined && !current) throw notFound();
        const parentId = input.parentId === undefined ? (current?.parentId ?? null) : input.parentId;
        const parent = parentId === null ? undefined : rows.get(parentId);
        if (parentId !== null && !parent) {
          throw badRequest(CATEGORY_MESSAGES.unknownParent, {
            [field('parentId')]: CATEGORY_MESSAGES.unknownParent,
          });
        }
        const values = {
          name: input.name,
          description,
          type: input.type,
          url: input.type === 'url' ? (input.url?.trim() ?? null) : null,
          showInQuickAccess: input.showInQuickAccess,
          parentId,
          level: parent ? parent.level + 1 : 1,
          position: input.position ?? current?.position ?? DEFAULT_POSITION,
        };
        if (current) {
          await repo.update(trx, current.id, values);
          await repo.replaceGroups(trx, current.id, groupIds);
          // Moving under itself or a descendant makes a cycle: syncLevels refuses it and the transaction rolls back.
          if (parentId !== current.parentId) await syncLevels(trx);
        } else {
          await repo.replaceGroups(trx, await repo.insert(trx, values), groupIds);
        }
      });
      return service.tree(principal);
    },

    /** Applies a dragged tree: parents from the nesting, positions from the order; levels follow. */
    async saveTree(
      principal: Principal,
      nodes: readonly TCategoryTreeNodeInput[],
    ): Promise<TContentCategory[]> {
      await db.transaction().execute(async (trx) => {
        const rows = await repo.listParents(trx);
        const placements = placementsOf(nodes, new Set(rows.map((row) => row.id)));
        if (!placements)
          throw badRequest(CATEGORY_MESSAGES.invalidTree, {
            contentCategories: CATEGORY_MESSAGES.invalidTree,
          });
        const placed = new Map(placements.map((placement) => [placement.id, placement]));
        const next = rows.map((row) => ({ ...row, ...placed.get(row.id) }));
        const levels = levelsOf(next);
        if (!levels)
          throw badRequest(CATEGORY_MESSAGES.invalidTree, {
            contentCategories: CATEGORY_MESSAGES.invalidTree,
          });
        for (const [index, row] of next.entries()) {
          const before = rows[index];
          const level = levels.get(row.id) ?? 1;
          if (before?.parentId === row.parentId && before.position === row.position && before.level === level)
            continue;
          await repo.update(trx, row.id, { parentId: row.parentId, position: row.position, level });
        }
      });
      return service.tree(principal);
    },

    /**
     * Deletes a category without sub-categories (else 409) and, in the same transaction, its content items
     * that are filed under no other category. Returns the whole tree.
     */
    async remove(principal: Principal, id: number): Promise<TContentCategory[]> {
      const keys = await db.transaction().execute(async (trx) => {
        if (!(await repo.existingIds(trx, [id])).has(id)) throw notFound();
        if (await repo.hasChildren(trx, id)) throw conflict(CATEGORY_MESSAGES.hasChildren);
        const files = await deps.content.deleteItemsOnlyIn(trx, id);
        await repo.delete(trx, id);
        return files;
      });
      await deps.content.discardFiles(keys);
      return service.tree(principal);
    },
  };
  return service;
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
