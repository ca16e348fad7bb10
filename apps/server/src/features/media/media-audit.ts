/**
 * What the audit log (issue 18) keeps of the media library: a file's name, category (by name), uploaded file
 * name and size; a category's name, parent (by name) and position; as they were and became.
 */
import type { TAuditKind } from '@portal/contract';
import { changedFields, recordAudit, removedFields } from '../../platform/audit/audit-log.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { createMediaRepository, MediaCategoryRow, MediaFileRow } from './media.repository.ts';

type Repository = ReturnType<typeof createMediaRepository>;
type FileState = Pick<MediaFileRow, 'name' | 'categoryId' | 'originalFilename' | 'size'>;

const FILE_FIELDS = ['name', 'category', 'file', 'size'] as const;
const CATEGORY_FIELDS = ['name', 'parent', 'position'] as const;

export function createMediaAudit(repo: Repository) {
  async function categoryNames(trx: Executor): Promise<Map<number, string>> {
    return new Map((await repo.listCategories(trx)).map((row) => [row.id, row.name]));
  }

  function fileShown(file: FileState, names: ReadonlyMap<number, string>) {
    return {
      name: file.name,
      category: names.get(file.categoryId) ?? `#${file.categoryId}`,
      file: file.originalFilename,
      size: file.size,
    };
  }

  function categoryShown(
    row: Pick<MediaCategoryRow, 'name' | 'parentId' | 'position'>,
    names: ReadonlyMap<number, string>,
  ) {
    return {
      name: row.name,
      parent: row.parentId === null ? null : (names.get(row.parentId) ?? `#${row.parentId}`),
      position: row.position,
    };
  }

  function record(
    trx: Executor,
    actor: Principal,
    kind: TAuditKind,
    subject: { type: 'media' | 'mediaCategory'; id: number; label: string },
    changes: ReturnType<typeof changedFields>,
  ): Promise<void> {
    return recordAudit(trx, {
      actorId: actor.id,
      kind,
      subjectType: subject.type,
      subjectId: subject.id,
      subjectLabel: subject.label,
      changes,
    });
  }

  return {
    /** In the save's transaction, after the write: `media.save` with what changed. */
    async fileSaved(trx: Executor, actor: Principal, id: number, before: FileState | undefined) {
      const after = await repo.fileById(id, trx);
      if (!after) return;
      const names = await categoryNames(trx);
      const changes = changedFields(before && fileShown(before, names), fileShown(after, names), FILE_FIELDS);
      await record(trx, actor, 'media.save', { type: 'media', id, label: after.name }, changes);
    },

    /** In the deletion's transaction: `media.delete` with what the entry had. */
    async fileRemoved(trx: Executor, actor: Principal, file: FileState & { id: number }) {
      const changes = removedFields(fileShown(file, await categoryNames(trx)), FILE_FIELDS);
      await record(trx, actor, 'media.delete', { type: 'media', id: file.id, label: file.name }, changes);
    },

    /** Before a category save writes: the categories as they are, to compare with afterwards. */
    categoriesBefore: (trx: Executor) => repo.listCategories(trx),

    /** In the save's transaction, after the writes: `mediaCategory.save` with what changed. */
    async categorySaved(trx: Executor, actor: Principal, id: number, before: readonly MediaCategoryRow[]) {
      const after = await repo.listCategories(trx);
      const row = after.find((category) => category.id === id);
      if (!row) return;
      const was = before.find((category) => category.id === id);
      const namesBefore = new Map(before.map((category) => [category.id, category.name]));
      const namesAfter = new Map(after.map((category) => [category.id, category.name]));
      const changes = changedFields(
        was && categoryShown(was, namesBefore),
        categoryShown(row, namesAfter),
        CATEGORY_FIELDS,
      );
      const subject = { type: 'mediaCategory', id, label: row.name } as const;
      await record(trx, actor, 'mediaCategory.save', subject, changes);
    },

    /**
     * In the transaction of a dragged tree, after the moves: `mediaCategory.save` for each category whose
     * parent or position changed, with those changes.
     */
    async categoriesMoved(trx: Executor, actor: Principal, before: readonly MediaCategoryRow[]) {
      const after = await repo.listCategories(trx);
      const was = new Map(before.map((row) => [row.id, row]));
      const names = new Map(after.map((row) => [row.id, row.name]));
      for (const row of after) {
        const old = was.get(row.id);
        if (!old || (old.parentId === row.parentId && old.position === row.position)) continue;
        const changes = changedFields(categoryShown(old, names), categoryShown(row, names), [
          'parent',
          'position',
        ]);
        const subject = { type: 'mediaCategory', id: row.id, label: row.name } as const;
        await record(trx, actor, 'mediaCategory.save', subject, changes);
      }
    },

    /** In the deletion's transaction, before the row goes: `mediaCategory.delete`. */
    async categoryRemoved(trx: Executor, actor: Principal, id: number) {
      const all = await repo.listCategories(trx);
      const row = all.find((category) => category.id === id);
      if (!row) return;
      const names = new Map(all.map((category) => [category.id, category.name]));
      const changes = removedFields(categoryShown(row, names), CATEGORY_FIELDS);
      const subject = { type: 'mediaCategory', id, label: row.name } as const;
      await record(trx, actor, 'mediaCategory.delete', subject, changes);
    },
  };
}
