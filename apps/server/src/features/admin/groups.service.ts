/**
 * The groups screen (issue 18): groups with member counts, create, rename and flag, what uses a group, and
 * deleting it (after a confirmation while anything uses it). Every change is in the audit log and makes every
 * instance reload its members, so that what a group may see changes at once.
 */
import {
  ADMIN_MESSAGES,
  type TAdminGroup,
  type TAdminGroupUsage,
  type ZAdminGroupCreate,
  type ZAdminGroupUpdate,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { type AuditChanges, changedFields, recordAudit } from '../../platform/audit/audit-log.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import type { GroupUsage } from '../../platform/registry/group-usage.ts';
import { type AccountsService, createAccountsRepository } from '../accounts/index.ts';
import { createGroupsRepository } from './groups.repository.ts';

export type GroupCreate = z.output<typeof ZAdminGroupCreate>;
export type GroupUpdate = z.output<typeof ZAdminGroupUpdate>;

export interface GroupsDeps {
  db: Kysely<DB>;
  accounts: Pick<AccountsService, 'groupsChanged'>;
  /** what of the features uses a group: posts, categories (src/modules.ts) */
  usage: GroupUsage;
}

/** Posts and categories listed by name in a group's usage; the counts cover all. */
const USAGE_LIST_SIZE = 20;

const nameTaken = () => badRequest(ADMIN_MESSAGES.groupNameTaken, { name: ADMIN_MESSAGES.groupNameTaken });
const groupNotFound = () => notFound(ADMIN_MESSAGES.groupNotFound);

/** A unique name that another save took between our check and our write is the same refusal. */
async function refusingTakenName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export function createGroupsService(deps: GroupsDeps) {
  const { db, accounts, usage } = deps;
  const groups = createGroupsRepository(db);
  const accountsRepository = createAccountsRepository(db);

  /** How many members, posts and categories use the group (one after another: also inside a transaction). */
  async function usageCounts(executor: Executor, id: number) {
    return {
      members: await groups.memberCount(executor, id),
      posts: await usage.posts.count(executor, id),
      categories: await usage.categories.count(executor, id),
    };
  }

  type GroupRow = Awaited<ReturnType<typeof groups.list>>[number];
  const presentGroup = (group: GroupRow): TAdminGroup => ({
    id: group.id,
    name: group.name,
    internal: group.internal,
    isDefault: group.isDefault,
    memberCount: group.memberCount,
  });

  async function present(id: number): Promise<TAdminGroup> {
    const [group] = await groups.list(id);
    if (!group) throw groupNotFound();
    return presentGroup(group);
  }

  return {
    async list(): Promise<TAdminGroup[]> {
      return (await groups.list()).map(presentGroup);
    },

    async create(actor: Principal, input: GroupCreate): Promise<TAdminGroup> {
      const id = await refusingTakenName(() =>
        db.transaction().execute(async (trx) => {
          if (await groups.nameTaken(trx, input.name)) throw nameTaken();
          const created = await accountsRepository.insertGroup(trx, input);
          await recordAudit(trx, {
            actorId: actor.id,
            kind: 'group.create',
            subjectType: 'group',
            subjectId: created,
            subjectLabel: input.name,
            changes: changedFields(null, input, ['name', 'internal', 'isDefault']),
          });
          return created;
        }),
      );
      await accounts.groupsChanged();
      return present(id);
    },

    /** Name, internal and default as given; records what changed (nothing when nothing did). */
    async update(actor: Principal, id: number, input: GroupUpdate): Promise<TAdminGroup> {
      await refusingTakenName(() =>
        db.transaction().execute(async (trx) => {
          if (!(await groups.lock(trx, id))) throw groupNotFound();
          const row = await groups.byId(id, trx);
          if (!row) throw groupNotFound();
          const before = {
            name: row.name,
            internal: row.internal,
            isDefault: row.isDefault,
          };
          if (input.name !== undefined && (await groups.nameTaken(trx, input.name, id))) throw nameTaken();
          const after = {
            name: input.name ?? before.name,
            internal: input.internal ?? before.internal,
            isDefault: input.isDefault ?? before.isDefault,
          };
          const changes = changedFields(before, after, ['name', 'internal', 'isDefault']);
          if (!changes) return;
          await groups.update(trx, id, after);
          await recordAudit(trx, {
            actorId: actor.id,
            kind: 'group.update',
            subjectType: 'group',
            subjectId: id,
            subjectLabel: after.name,
            changes,
          });
        }),
      );
      await accounts.groupsChanged();
      return present(id);
    },

    async usage(id: number): Promise<TAdminGroupUsage> {
      if (!(await groups.byId(id))) throw groupNotFound();
      const [counts, posts, categories] = await Promise.all([
        usageCounts(db, id),
        usage.posts.first(db, id, USAGE_LIST_SIZE),
        usage.categories.first(db, id, USAGE_LIST_SIZE),
      ]);
      return {
        memberCount: counts.members,
        postCount: counts.posts,
        categoryCount: counts.categories,
        posts,
        categories,
      };
    },

    /**
     * Deletes the group. While members, posts or categories use it, only with `confirm`, else 409 and nothing
     * changes. The audit entry records how many of each lost the group.
     */
    async delete(actor: Principal, id: number, confirm: boolean): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!(await groups.lock(trx, id))) throw groupNotFound();
        const row = await groups.byId(id, trx);
        if (!row) throw groupNotFound();
        const counts = await usageCounts(trx, id);
        const inUse = counts.members + counts.posts + counts.categories > 0;
        if (inUse && !confirm) throw conflict(ADMIN_MESSAGES.groupInUse);
        await groups.delete(trx, id);
        const changes: AuditChanges = {};
        for (const field of ['members', 'posts', 'categories'] as const) {
          if (counts[field] > 0) changes[field] = { before: counts[field], after: 0 };
        }
        await recordAudit(trx, {
          actorId: actor.id,
          kind: 'group.delete',
          subjectType: 'group',
          subjectId: id,
          subjectLabel: row.name,
          changes,
        });
      });
      await accounts.groupsChanged();
    },
  };
}
