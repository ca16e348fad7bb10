/** Queries of the groups screen: groups with their member counts (what else uses a group, its features say). */
import { type Kysely, sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';

export interface GroupChanges {
  name?: string | undefined;
  internal?: boolean | undefined;
  isDefault?: boolean | undefined;
}

export function createGroupsRepository(db: Kysely<DB>) {
  /** Members of a group who are not erased (erasing removes memberships; counted safely all the same). */
  async function memberCount(executor: Executor, groupId: number): Promise<number> {
    const row = await executor
      .selectFrom('userGroupMembers')
      .innerJoin('users', 'users.id', 'userGroupMembers.userId')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userGroupMembers.groupId', '=', groupId)
      .where('users.erasedAt', 'is', null)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  return {
    /** Every group (or the one of `id`) with its member count, by name. */
    list(id?: number) {
      let query = db
        .selectFrom('userGroups as g')
        .select(['g.id', 'g.name', 'g.internal', 'g.isDefault'])
        .select(
          sql<number>`(select count(*) from user_group_members m join users u on u.id = m.user_id
            where m.group_id = g.id and u.erased_at is null)`.as('memberCount'),
        )
        .orderBy('g.name');
      if (id !== undefined) query = query.where('g.id', '=', id);
      return query.execute();
    },

    byId(id: number, executor: Executor = db) {
      return executor
        .selectFrom('userGroups')
        .select(['id', 'name', 'internal', 'isDefault'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The groups among `ids` that exist, with their names. */
    byIds(executor: Executor, ids: readonly number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return executor
        .selectFrom('userGroups')
        .select(['id', 'name'])
        .where('id', 'in', ids)
        .orderBy('name')
        .execute();
    },

    async nameTaken(executor: Executor, name: string, exceptId?: number): Promise<boolean> {
      let query = executor.selectFrom('userGroups').select('id').where('name', '=', name);
      if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** Locks the group's row for the rest of the transaction; false when it does not exist. */
    async lock(executor: Executor, id: number): Promise<boolean> {
      const result = await executor
        .updateTable('userGroups')
        .set((eb) => ({ name: eb.ref('name') }))
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async update(executor: Executor, id: number, changes: GroupChanges): Promise<void> {
      const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      if (Object.keys(set).length === 0) return;
      await executor.updateTable('userGroups').set(set).where('id', '=', id).execute();
    },

    /** Members of the group who are not erased. */
    memberCount,

    /** Deletes the group; its memberships and the posts' and categories' links to it go with it (cascade). */
    async delete(executor: Executor, id: number): Promise<void> {
      await executor.deleteFrom('userGroups').where('id', '=', id).execute();
    },
  };
}
