import {
  MEDIA_CATEGORY_DEFAULTS,
  MEDIA_MESSAGES,
  type TMediaCategory,
  type TMediaCategoryValues,
  type TTreeNodeInput,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import type { DB } from '../../platform/db/schema.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { createTreeSave } from '../../platform/tree/tree-save.ts';
import { createMediaRepository } from './media.repository.ts';
import { createMediaAudit } from './media-audit.ts';
import { buildMediaTree, mediaCategoryWithChildren } from './media-category-tree.ts';

/** Media categories (SPEC §7): every write answers the whole tree, which replaces the client's. */
export function createMediaCategoriesService(db: Kysely<DB>) {
  const repo = createMediaRepository(db);
  const audit = createMediaAudit(repo);
  const shape = createTreeSave(
    {
      places: (trx) => repo.listCategories(trx),
      move: (trx, id, place) => repo.updateCategory(trx, id, place),
    },
    {
      field: 'mediaCategory',
      treeField: 'mediaCategories',
      ownParent: MEDIA_MESSAGES.ownParent,
      unknownParent: MEDIA_MESSAGES.unknownParent,
      invalidTree: MEDIA_MESSAGES.invalidTree,
    },
  );

  const service = {
    async tree(): Promise<TMediaCategory[]> {
      return buildMediaTree(await repo.listCategories());
    },

    async byId(id: number): Promise<TMediaCategory> {
      const category = mediaCategoryWithChildren(await repo.listCategories(), id);
      if (!category) throw notFound();
      return category;
    },

    /**
     * Creates (without id) or updates a category. `parentId` missing: root on create, kept on update; null:
     * root. The level follows from the parent; the position defaults to 999 and is kept on update.
     */
    async save(actor: Principal, input: TMediaCategoryValues): Promise<TMediaCategory[]> {
      await db.transaction().execute(async (trx) => {
        const before = await audit.categoriesBefore(trx);
        const { current, place } = await shape.place(trx, input, MEDIA_CATEGORY_DEFAULTS);
        const values = { name: input.name, ...place };
        if (!current) {
          await audit.categorySaved(trx, actor, await repo.insertCategory(trx, values), before);
          return;
        }
        await repo.updateCategory(trx, current.id, values);
        if (place.parentId !== current.parentId) await shape.syncLevels(trx);
        await audit.categorySaved(trx, actor, current.id, before);
      });
      return service.tree();
    },

    /** Applies a dragged tree: parents from the nesting, positions from the order; levels follow. */
    async saveTree(actor: Principal, nodes: readonly TTreeNodeInput[]): Promise<TMediaCategory[]> {
      await db.transaction().execute(async (trx) => {
        const before = await audit.categoriesBefore(trx);
        await shape.saveTree(trx, nodes);
        await audit.categoriesMoved(trx, actor, before);
      });
      return service.tree();
    },

    /** Deletes an empty category; 409 while it holds files or sub-categories. Returns the whole tree. */
    async remove(actor: Principal, id: number): Promise<TMediaCategory[]> {
      await db.transaction().execute(async (trx) => {
        // The lock makes an upload into this category wait (or this deletion see its file).
        if (!(await repo.lockCategory(trx, id))) throw notFound();
        if (await repo.categoryInUse(trx, id)) throw conflict(MEDIA_MESSAGES.categoryNotEmpty);
        await audit.categoryRemoved(trx, actor, id);
        await repo.deleteCategory(trx, id);
      });
      return service.tree();
    },
  };
  return service;
}
