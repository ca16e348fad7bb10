import type { TAuditField } from '@portal/contract';
/**
 * What the audit log (issue 18) keeps of a content category: its fields, its groups by name and its parent by
 * name as they were and became; the description only as changed, never its text.
 */
import {
  changedFields,
  recordAudit,
  removedFields,
  withTextsHidden,
} from '../../platform/audit/audit-log.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { CategoryRow, createCategoriesRepository } from './categories.repository.ts';

type Repository = ReturnType<typeof createCategoriesRepository>;

const FIELDS = [
  'name',
  'description',
  'type',
  'url',
  'userGroups',
  'showInQuickAccess',
  'parent',
  'position',
] as const;
const HIDDEN: readonly TAuditField[] = ['description'];

export function createCategoryAudit(repo: Repository) {
  /** `groupNames`: the groups by id (a group deleted meanwhile shows as its id). */
  async function shown(trx: Executor, row: CategoryRow, groupNames: ReadonlyMap<number, string>) {
    const parent = row.parentId === null ? undefined : await repo.find(trx, row.parentId);
    return {
      name: row.name,
      description: row.description,
      type: row.type,
      url: row.url,
      userGroups: row.groupIds.map((id) => groupNames.get(id) ?? `#${id}`).sort(),
      showInQuickAccess: row.showInQuickAccess,
      parent: parent?.name ?? null,
      position: row.position,
    };
  }

  return {
    /** In the save's transaction, after the writes: `category.save` with what changed. */
    async saved(
      trx: Executor,
      actor: Principal,
      id: number,
      before: CategoryRow | undefined,
      groupNames: ReadonlyMap<number, string>,
    ): Promise<void> {
      const after = await repo.find(trx, id);
      if (!after) return;
      const was = before && (await shown(trx, before, groupNames));
      const changes = changedFields(was, await shown(trx, after, groupNames), FIELDS);
      await recordAudit(trx, {
        actorId: actor.id,
        kind: 'category.save',
        subjectType: 'category',
        subjectId: id,
        subjectLabel: after.name,
        changes: withTextsHidden(changes, HIDDEN),
      });
    },

    /**
     * In the transaction of a dragged tree, after the moves: `category.save` for each category whose parent or
     * position changed, with those changes.
     */
    async moved(
      trx: Executor,
      actor: Principal,
      before: readonly { id: number; parentId: number | null; position: number }[],
    ): Promise<void> {
      const was = new Map(before.map((row) => [row.id, row]));
      const moves = (await repo.listParents(trx)).filter((row) => {
        const old = was.get(row.id);
        return old && (old.parentId !== row.parentId || old.position !== row.position);
      });
      if (moves.length === 0) return;
      const names = new Map((await repo.listNames(trx)).map((row) => [row.id, row.name]));
      const place = (row: { parentId: number | null; position: number }) => ({
        parent: row.parentId === null ? null : (names.get(row.parentId) ?? `#${row.parentId}`),
        position: row.position,
      });
      for (const row of moves) {
        await recordAudit(trx, {
          actorId: actor.id,
          kind: 'category.save',
          subjectType: 'category',
          subjectId: row.id,
          subjectLabel: names.get(row.id) ?? null,
          changes: changedFields(place(was.get(row.id) ?? row), place(row), ['parent', 'position']),
        });
      }
    },

    /** In the deletion's transaction, before the row goes: `category.delete` with the fields it had. */
    async removed(
      trx: Executor,
      actor: Principal,
      row: CategoryRow,
      groupNames: ReadonlyMap<number, string>,
    ): Promise<void> {
      await recordAudit(trx, {
        actorId: actor.id,
        kind: 'category.delete',
        subjectType: 'category',
        subjectId: row.id,
        subjectLabel: row.name,
        changes: withTextsHidden(removedFields(await shown(trx, row, groupNames), FIELDS), HIDDEN),
      });
    },
  };
}
