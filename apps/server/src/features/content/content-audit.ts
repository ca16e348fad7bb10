import type { TAuditField } from '@portal/contract';
/**
 * What the audit log (issue 18) keeps of a content item: its title, its categories by name and its table's file
 * name and size as they were and became; the texts only as changed, never the texts themselves.
 */
import {
  changedFields,
  recordAudit,
  removedFields,
  withTextsHidden,
} from '../../platform/audit/audit-log.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { createCategoryAccess } from '../categories/index.ts';
import type { ContentItemRow, ContentRepository } from './content.repository.ts';

const FIELDS = ['title', 'preText', 'postText', 'categories', 'table', 'tableRows'] as const;
const HIDDEN: readonly TAuditField[] = ['preText', 'postText'];

type CategoryAccess = ReturnType<typeof createCategoryAccess>;

export function createContentAudit(repo: ContentRepository, categories: CategoryAccess) {
  /** The item as the log shows it; the actor is an admin, who sees every category and so every name. */
  async function shown(trx: Executor, actor: Principal, item: ContentItemRow) {
    const names = await categories.visible(actor, trx);
    const links = await repo.categoriesOf(trx, [item.id]);
    return {
      title: item.title,
      preText: item.preText,
      postText: item.postText,
      categories: (links.get(item.id) ?? []).map((id) => names.get(id)?.name ?? `#${id}`).sort(),
      table: item.csvFile,
      tableRows: item.csvFile === null ? null : item.csvRowCount,
    };
  }

  return {
    /** Before a save writes: the item as it is (undefined for a new one). */
    async before(trx: Executor, actor: Principal, item: ContentItemRow | undefined) {
      return item && (await shown(trx, actor, item));
    },

    /** In the save's transaction, after the writes: `content.save` with what changed. */
    async saved(
      trx: Executor,
      actor: Principal,
      id: number,
      before: Awaited<ReturnType<typeof shown>> | undefined,
    ): Promise<void> {
      const item = await repo.findItem(trx, id);
      if (!item) return;
      const changes = changedFields(before, await shown(trx, actor, item), FIELDS);
      await recordAudit(trx, {
        actorId: actor.id,
        kind: 'content.save',
        subjectType: 'content',
        subjectId: id,
        subjectLabel: item.title,
        changes: withTextsHidden(changes, HIDDEN),
      });
    },

    /** In the deletion's transaction, before the rows go: `content.delete` for each item. */
    async removed(trx: Executor, actor: Principal, ids: readonly number[]): Promise<void> {
      for (const id of ids) {
        const item = await repo.findItem(trx, id);
        if (!item) continue;
        await recordAudit(trx, {
          actorId: actor.id,
          kind: 'content.delete',
          subjectType: 'content',
          subjectId: id,
          subjectLabel: item.title,
          changes: withTextsHidden(removedFields(await shown(trx, actor, item), FIELDS), HIDDEN),
        });
      }
    },
  };
}
