import {
  MEDIA_CATEGORY_DEFAULTS,
  MEDIA_MESSAGES,
  type TMediaCategory,
  type TMediaCategoryTreeNodeInput,
  type TMediaCategoryValues,
} from '@portal/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { levelsOf, placementsOf } from '../categories/category-tree.ts';
import { createMediaRepository } from './media.repository.ts';
import { buildMediaTree, mediaCategoryWithChildren } from './media-category-tree.ts';

const field = (name: string) => `mediaCategory.${name}`;

/** Media categories (SPEC §7): every write answers the whole tree, which replaces the client's. */
export function createMediaCategoriesService(db: Kysely<DB>) {
  const repo = createMediaRepository(db);

  /** Rewrites changed levels; 400 when the parents would form a cycle (the transaction rolls back). */
  async function syncLevels(trx: Transaction<DB>) {
    const rows = await repo.listCategories(trx);
    const levels = levelsOf(rows);
    if (!levels)
      throw badRequest(MEDIA_MESSAGES.ownParent, { [field('parentId')]: MEDIA_MESSAGES.ownParent });
    for (const row of rows) {
      const level = levels.get(row.id) ?? 1;
      if (level !== row.level) await repo.updateCategory(trx, row.id, { level });
    }
  }

  const invalidTree = () =>
    badRequest(MEDIA_MESSAGES.invalidTree, { mediaCategories: MEDIA_MESSAGES.invalidTree });

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
    async save(input: TMediaCategoryValues): Promise<TMediaCategory[]> {
      await db.transaction().execute(async (trx) => {
        const rows = new Map((await repo.listCategories(trx)).map((row) => [row.id, row]));
        const current = input.id === undefined ? undefined : rows.get(input.id);
        if (input.id !== undefined && !current) throw notFound();
        const parentId = input.parentId === undefined ? (current?.parentId ?? null) : input.parentId;
        const parent = parentId === null ? undefined : rows.get(parentId);
        if (parentId !== null && !parent) {
          throw badRequest(MEDIA_MESSAGES.unknownParent, {
            [field('parentId')]: MEDIA_MESSAGES.unknownParent,
          });
        }
        const values = {
          name: input.name,
          parentId,
          level: parent ? parent.level + 1 : MEDIA_CATEGORY_DEFAULTS.level,
          position: input.position ?? current?.position ?? MEDIA_CATEGORY_DEFAULTS.position,
        };
        if (!current) {
          await repo.insertCategory(trx, values);
          return;
        }
        await repo.updateCategory(trx, current.id, values);
        if (parentId !== current.parentId) await syncLevels(trx);
      });
      return service.tree();
    },

    /** Applies a dragged tree: parents from the nesting, positions from the order; levels follow. */
    async saveTree(nodes: readonly TMediaCategoryTreeNodeInput[]): Promise<TMediaCategory[]> {
      await db.transaction().execute(async (trx) => {
        const rows = await repo.listCategories(trx);
        const placements = placementsOf(nodes, new Set(rows.map((row) => row.id)));
        if (!placements) throw invalidTree();
        const placed = new Map(placements.map((placement) => [placement.id, placement]));
        const next = rows.map((row) => ({ ...row, ...placed.get(row.id) }));
        const levels = levelsOf(next);
        if (!levels) throw invalidTree();
        for (const [index, row] of next.entries()) {
          const before = rows[index];
          const level = levels.get(row.id) ?? 1;
          if (before?.parentId === row.parentId && before.position === row.position && before.level === level)
            continue;
          await repo.updateCategory(trx, row.id, { parentId: row.parentId, position: row.position, level });
        }
      });
      return service.tree();
    },

    /** Deletes an empty category; 409 while it holds files or sub-categories. Returns the whole tree. */
    async remove(id: number): Promise<TMediaCategory[]> {
      await db.transaction().execute(async (trx) => {
        // The lock makes an upload into this category wait (or this deletion see its file).
        if (!(await repo.lockCategory(trx, id))) throw notFound();
        if (await repo.categoryInUse(trx, id)) throw conflict(MEDIA_MESSAGES.categoryNotEmpty);
        await repo.deleteCategory(trx, id);
      });
      return service.tree();
    },
  };
  return service;
}
