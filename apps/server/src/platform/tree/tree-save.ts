/**
 * Saving a category tree's shape, shared by content and media categories: where a saved category goes, the
 * levels after a move, and a dragged tree. Each runs inside the caller's transaction, so a refusal (400,
 * 404) rolls back everything the save wrote.
 */
import { TREE_MAX_DEPTH, TREE_MESSAGES, type TTreeNodeInput } from '@portal/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { levelsOf, placementsOf, type TreePlace } from './tree-shape.ts';

/** The table of a tree, as far as places go. */
export interface TreeTable {
  places(trx: Transaction<DB>): Promise<readonly TreePlace[]>;
  move(trx: Transaction<DB>, id: number, place: Partial<Omit<TreePlace, 'id'>>): Promise<void>;
}

export interface TreeMessages {
  /** the form field of one category ('contentCategory'): a parent error names `<field>.parentId` */
  field: string;
  /** the form field of a dragged tree ('contentCategories') */
  treeField: string;
  ownParent: string;
  unknownParent: string;
  invalidTree: string;
}

export interface PlaceInput {
  id?: number | undefined;
  parentId?: number | null | undefined;
  position?: number | undefined;
}

export function createTreeSave(table: TreeTable, messages: TreeMessages) {
  const parentField = `${messages.field}.parentId`;
  const invalidTree = () => badRequest(messages.invalidTree, { [messages.treeField]: messages.invalidTree });
  const tooDeep = (field: string) => badRequest(TREE_MESSAGES.tooDeep, { [field]: TREE_MESSAGES.tooDeep });
  /**
   * Only a level the save changes is held against TREE_MAX_DEPTH: a tree saved deeper before the limit stays
   * as it is, and its other categories can still be saved.
   */
  const tooDeepAfter = (level: number, before: number) => level > TREE_MAX_DEPTH && level !== before;

  return {
    /**
     * Where a saved category goes and the row it replaces (none on create): 404 for an unknown id, 400 for
     * an unknown parent. `parentId` missing: root on create, kept on update; null: root. The level follows
     * from the parent; the position is kept on update unless given.
     */
    async place(trx: Transaction<DB>, input: PlaceInput, defaults: { level: number; position: number }) {
      const rows = new Map((await table.places(trx)).map((row) => [row.id, row]));
      const current = input.id === undefined ? undefined : rows.get(input.id);
      if (input.id !== undefined && !current) throw notFound();
      const parentId = input.parentId === undefined ? (current?.parentId ?? null) : input.parentId;
      const parent = parentId === null ? undefined : rows.get(parentId);
      if (parentId !== null && !parent) {
        throw badRequest(messages.unknownParent, { [parentField]: messages.unknownParent });
      }
      const level = parent ? parent.level + 1 : defaults.level;
      if (tooDeepAfter(level, current?.level ?? 0)) throw tooDeep(parentField);
      const position = input.position ?? current?.position ?? defaults.position;
      return { current, place: { parentId, level, position } };
    },

    /**
     * Rewrites the level of every row whose depth changed; 400 when the parents would form a cycle or put a
     * category deeper than TREE_MAX_DEPTH.
     */
    async syncLevels(trx: Transaction<DB>): Promise<void> {
      const rows = await table.places(trx);
      const levels = levelsOf(rows);
      if (!levels) throw badRequest(messages.ownParent, { [parentField]: messages.ownParent });
      const changed = rows.filter((row) => (levels.get(row.id) ?? 1) !== row.level);
      if (changed.some((row) => tooDeepAfter(levels.get(row.id) ?? 1, row.level))) throw tooDeep(parentField);
      for (const row of changed) await table.move(trx, row.id, { level: levels.get(row.id) ?? 1 });
    },

    /** Applies a dragged tree: parents from the nesting, positions from the order; levels follow. */
    async saveTree(trx: Transaction<DB>, nodes: readonly TTreeNodeInput[]): Promise<void> {
      const rows = await table.places(trx);
      const placements = placementsOf(nodes, new Set(rows.map((row) => row.id)));
      if (!placements) throw invalidTree();
      const placed = new Map(placements.map((placement) => [placement.id, placement]));
      const next = rows.map((row) => ({ ...row, ...placed.get(row.id) }));
      const levels = levelsOf(next);
      if (!levels) throw invalidTree();
      if (next.some((row) => tooDeepAfter(levels.get(row.id) ?? 1, row.level)))
        throw tooDeep(messages.treeField);
      for (const [index, row] of next.entries()) {
        const before = rows[index];
        const level = levels.get(row.id) ?? 1;
        if (before?.parentId === row.parentId && before.position === row.position && before.level === level)
          continue;
        await table.move(trx, row.id, { parentId: row.parentId, position: row.position, level });
      }
    },
  };
}
