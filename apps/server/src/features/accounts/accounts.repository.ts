import { personName } from '@portal/contract';
import type { Kysely } from 'kysely';
import { usernameKey } from '../../platform/auth/username-key.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { fold } from '../../platform/search/fold.ts';

export { usernameKey };

/** What the members search matches: username, e-mail and company, lower-cased and NFC-normalised. */
export function memberSearchKey(user: {
  username: string;
  email: string | null;
  company: string | null;
  firstName?: string | null;
  lastName?: string | null;
}): string {
  return [user.username, user.email, user.company, user.firstName, user.lastName]
    .filter(Boolean)
    .join(' ')
    .normalize('NFC')
    .toLowerCase()
    .slice(0, 500);
}

/**
 * The person's name as shown (personName()), folded as the search folds: the members list sorts by it within a
 * company (migration 0036, decision 0184).
 */
export function memberNameKey(user: {
  username: string;
  firstName?: string | null;
  lastName?: string | null;
}): string {
  return fold(personName(user)).slice(0, 300);
}

export function createAccountsRepository(db: Kysely<DB>) {
  return {
    findUserByUsername(username: string, executor: Executor = db) {
      return executor
        .selectFrom('users')
        .selectAll()
        .where('usernameKey', '=', usernameKey(username))
        .executeTakeFirst();
    },

    findUserById(id: number) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    listUsers() {
      return db.selectFrom('users').selectAll().orderBy('usernameKey').execute();
    },

    /** Whether any member exists: one row read, whatever the number of members. */
    async hasUsers(): Promise<boolean> {
      return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
    },

    async insertUser(
      executor: Executor,
      user: {
        username: string;
        email: string | null;
        company: string | null;
        firstName?: string | null;
        lastName?: string | null;
        role: string;
        passwordHash: string | null;
      },
    ): Promise<number> {
      const now = new Date();
      const row = await executor
        .insertInto('users')
        .values({
          ...user,
          usernameKey: usernameKey(user.username),
          searchKey: memberSearchKey(user),
          nameKey: memberNameKey(user),
          disabled: false,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateUser(
      executor: Executor,
      id: number,
      changes: Partial<{
        email: string | null;
        company: string | null;
        firstName: string | null;
        lastName: string | null;
        role: string;
        passwordHash: string | null;
        disabled: boolean;
      }>,
    ): Promise<boolean> {
      let keys: { searchKey: string; nameKey: string } | undefined;
      const keyed = ['email', 'company', 'firstName', 'lastName'] as const;
      if (keyed.some((field) => changes[field] !== undefined)) {
        const user = await executor
          .selectFrom('users')
          .select(['username', 'email', 'company', 'firstName', 'lastName'])
          .where('id', '=', id)
          .executeTakeFirst();
        const after = user && { ...user, ...changes };
        if (after) keys = { searchKey: memberSearchKey(after), nameKey: memberNameKey(after) };
      }
      const result = await executor
        .updateTable('users')
        .set({ ...changes, ...keys, updatedAt: new Date() })
        .where('id', '=', id)
        // an erased member stays erased: a change read before the erasure committed writes nothing
        .where('erasedAt', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** When the member last logged in (not a change to the member: updatedAt stays). */
    async setLastLogin(id: number, at: Date): Promise<void> {
      await db.updateTable('users').set({ lastLoginAt: at }).where('id', '=', id).execute();
    },

    groupsOfUser(userId: number, executor: Executor = db) {
      return executor
        .selectFrom('userGroups')
        .innerJoin('userGroupMembers', 'userGroupMembers.groupId', 'userGroups.id')
        .select(['userGroups.id', 'userGroups.name', 'userGroups.internal'])
        .where('userGroupMembers.userId', '=', userId)
        .orderBy('userGroups.name')
        .execute();
    },

    listGroups() {
      return db.selectFrom('userGroups').selectAll().orderBy('name').execute();
    },

    /** Enabled users with an e-mail address who are in at least one of the groups. */
    reachableMembersOf(groupIds: readonly number[]) {
      if (groupIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('users')
        .select(['users.id', 'users.email'])
        .where('users.disabled', '=', false)
        .where('users.email', 'is not', null)
        .where('users.email', '<>', '')
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('userGroupMembers')
              .select('userGroupMembers.userId')
              .whereRef('userGroupMembers.userId', '=', 'users.id')
              .where('userGroupMembers.groupId', 'in', groupIds),
          ),
        )
        .orderBy('users.id')
        .execute();
    },

    findGroupsByName(executor: Executor, names: readonly string[]) {
      if (names.length === 0) return Promise.resolve([]);
      return executor.selectFrom('userGroups').selectAll().where('name', 'in', names).execute();
    },

    async insertGroup(
      executor: Executor,
      group: { name: string; internal: boolean; isDefault: boolean },
    ): Promise<number> {
      const row = await executor
        .insertInto('userGroups')
        .values({ ...group, createdAt: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateGroup(executor: Executor, id: number, changes: { internal?: boolean; isDefault?: boolean }) {
      await executor.updateTable('userGroups').set(changes).where('id', '=', id).execute();
    },

    async replaceMemberships(executor: Executor, userId: number, groupIds: readonly number[]): Promise<void> {
      await executor.deleteFrom('userGroupMembers').where('userId', '=', userId).execute();
      if (groupIds.length === 0) return;
      await executor
        .insertInto('userGroupMembers')
        .values(groupIds.map((groupId) => ({ userId, groupId })))
        .execute();
    },
  };
}
