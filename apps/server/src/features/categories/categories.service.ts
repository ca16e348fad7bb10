import {
  CATEGORY_MESSAGES,
  CATEGORY_TYPE_LABELS,
  CATEGORY_TYPES,
  type TContentCategory,
  type TContentCategoryFormData,
  type TContentCategoryValues,
  type TTreeNodeInput,
} from '@portal/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import type { DB } from '../../platform/db/schema.ts';
import { optionalRichText } from '../../platform/html/rich-text.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { createTreeSave } from '../../platform/tree/tree-save.ts';
import type { AccountsService } from '../accounts/index.ts';
import { createCategoriesRepository } from './categories.repository.ts';
import { createCategoryAudit } from './categories-audit.ts';
import { createCategoryAccess, opensContentPages } from './category-access.ts';
import { buildTree, categoryWithChildren, quickAccessOf } from './category-tree.ts';

/** What deleting a category asks of the content feature (SPEC: its items go with it unless filed elsewhere). */
interface CategoryContentCleanup {
  /**
   * deletes the items filed only under the category, in the caller's transaction, logged as the actor's;
   * returns their files.
   */
  deleteItemsOnlyIn(trx: Transaction<DB>, actor: Principal, categoryId: number): Promise<string[]>;
  /** removes stored files once the transaction has committed. */
  discardFiles(keys: readonly string[]): Promise<void>;
}

export interface CategoriesServiceDeps {
  db: Kysely<DB>;
  accounts: Pick<AccountsService, 'listGroups'>;
  content: CategoryContentCleanup;
}

const DEFAULT_POSITION = 999;

export function createCategoriesService(deps: CategoriesServiceDeps) {
  const { db } = deps;
  const repo = createCategoriesRepository(db);
  const access = createCategoryAccess(db);
  const audit = createCategoryAudit(repo);

  const shape = createTreeSave(
    { places: (trx) => repo.listParents(trx), move: (trx, id, place) => repo.update(trx, id, place) },
    {
      field: 'contentCategory',
      treeField: 'contentCategories',
      ownParent: CATEGORY_MESSAGES.ownParent,
      unknownParent: CATEGORY_MESSAGES.unknownParent,
      invalidTree: CATEGORY_MESSAGES.invalidTree,
    },
  );

  /** The groups by id, for the names in the audit log. */
  async function groupNames(): Promise<Map<number, string>> {
    return new Map((await deps.accounts.listGroups()).map((group) => [group.id, group.name]));
  }

  function checkedGroupIds(ids: readonly number[], known: ReadonlyMap<number, string>): number[] {
    if (ids.some((id) => !known.has(id))) {
      throw badRequest(CATEGORY_MESSAGES.unknownGroup, {
        'contentCategory.visibleForUserGroups': CATEGORY_MESSAGES.unknownGroup,
      });
    }
    return [...new Set(ids)].sort((a, b) => a - b);
  }

  const service = {
    async tree(principal: Principal): Promise<TContentCategory[]> {
      return buildTree(await access.visible(principal));
    },

    /**
     * The visible quick links; a content page only for those who may open it (ROLE_USER, SPEC §2): a partner
     * would end on the login page's refusal (issue 31). A url's own route is the web app's to judge.
     */
    async quickAccess(principal: Principal): Promise<TContentCategory[]> {
      const links = quickAccessOf(await access.visible(principal));
      return opensContentPages(principal.roles) ? links : links.filter((link) => link.type !== 'content');
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
        defaultUserGroups: groups.filter((group) => group.isDefault).map((group) => group.id),
      };
    },

    /** Creates or updates a category; the level follows from the parent. Returns the whole tree. */
    async save(principal: Principal, input: TContentCategoryValues): Promise<TContentCategory[]> {
      const names = await groupNames();
      const groupIds = checkedGroupIds(input.visibleForUserGroups, names);
      const description = await optionalRichText(input.description, 'contentCategory.description', null);
      await db.transaction().execute(async (trx) => {
        const { current, place } = await shape.place(trx, input, { level: 1, position: DEFAULT_POSITION });
        const values = {
          name: input.name,
          description,
          type: input.type,
          url: input.type === 'url' ? (input.url?.trim() ?? null) : null,
          showInQuickAccess: input.showInQuickAccess,
          ...place,
        };
        if (current) {
          const before = await repo.find(trx, current.id);
          await repo.update(trx, current.id, values);
          await repo.replaceGroups(trx, current.id, groupIds);
          // Moving under itself or a descendant makes a cycle: syncLevels refuses it and the transaction rolls back.
          if (place.parentId !== current.parentId) await shape.syncLevels(trx);
          await audit.saved(trx, principal, current.id, before, names);
        } else {
          const id = await repo.insert(trx, values);
          await repo.replaceGroups(trx, id, groupIds);
          await audit.saved(trx, principal, id, undefined, names);
        }
      });
      return service.tree(principal);
    },

    /** Applies a dragged tree: parents from the nesting, positions from the order; levels follow. */
    async saveTree(principal: Principal, nodes: readonly TTreeNodeInput[]): Promise<TContentCategory[]> {
      await db.transaction().execute(async (trx) => {
        const before = await repo.listParents(trx);
        await shape.saveTree(trx, nodes);
        await audit.moved(trx, principal, before);
      });
      return service.tree(principal);
    },

    /**
     * Deletes a category without sub-categories (else 409) and, in the same transaction, its content items
     * that are filed under no other category. Returns the whole tree.
     */
    async remove(principal: Principal, id: number): Promise<TContentCategory[]> {
      const names = await groupNames();
      const keys = await db.transaction().execute(async (trx) => {
        const category = await repo.find(trx, id);
        if (!category) throw notFound();
        if (await repo.hasChildren(trx, id)) throw conflict(CATEGORY_MESSAGES.hasChildren);
        await audit.removed(trx, principal, category, names);
        const files = await deps.content.deleteItemsOnlyIn(trx, principal, id);
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
