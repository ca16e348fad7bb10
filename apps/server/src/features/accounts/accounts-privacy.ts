/**
 * What accounts keeps about a member, as privacy (GDPR, issue 18) reads and erases it: the member's row itself
 * (locked, read for the export, renamed 'Ehemaliges Mitglied' at the end of an erasure; decision 0086) and
 * their group memberships.
 */
import { ERASED_MEMBER_NAME } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { deletedRows, type ErasedMember, type PrivacyPart } from '../../platform/registry/privacy-part.ts';

/**
 * The username key of an erased member: `usernameKey()` lower-cases, so it never gives this upper-case key,
 * and the old name is free for a fresh member.
 */
const erasedUsernameKey = (id: number): string => `ERASED#${id}`;

/** The member's own row, which privacy reads first and renames last. */
export const memberRow = {
  /** The member's own row; undefined once erased (or gone). */
  profile(db: Kysely<DB>, userId: number) {
    return db
      .selectFrom('users')
      .select(['username', 'email', 'company', 'firstName', 'lastName', 'role', 'createdAt', 'lastLoginAt'])
      .where('id', '=', userId)
      .where('erasedAt', 'is', null)
      .executeTakeFirst();
  },

  /**
   * Locks the member's row for the rest of the transaction (PostgreSQL; SQLite has one writer anyway) and
   * reads what names them elsewhere; undefined when there is no such member or they are erased already, so
   * that of two erasures at once the second finds nothing.
   */
  async lock(trx: Executor, id: number): Promise<ErasedMember | undefined> {
    const locked = await trx
      .updateTable('users')
      .set((eb) => ({ role: eb.ref('role') }))
      .where('id', '=', id)
      .where('erasedAt', 'is', null)
      .executeTakeFirst();
    if (Number(locked.numUpdatedRows) === 0) return undefined;
    const member = await trx
      .selectFrom('users')
      .select(['username', 'email'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const { email } = member;
    const shared =
      email !== null &&
      (await trx
        .selectFrom('users')
        .select('users.id')
        .where('users.id', '!=', id)
        .where((eb) => eb(eb.fn('lower', ['users.email']), '=', email.toLowerCase()))
        .executeTakeFirst()) !== undefined;
    return { id, username: member.username, email, addressShared: shared };
  },

  /**
   * What stays of the member: the row their forum posts, blog posts and uploads point to, named 'Ehemaliges
   * Mitglied', without address, company, name, password, search or name key or login times, disabled.
   */
  async anonymise(trx: Executor, id: number, at: Date): Promise<void> {
    await trx
      .updateTable('users')
      .set({
        username: ERASED_MEMBER_NAME,
        usernameKey: erasedUsernameKey(id),
        email: null,
        company: null,
        firstName: null,
        lastName: null,
        photoKey: null,
        passwordHash: null,
        searchKey: '',
        nameKey: '',
        disabled: true,
        erasedAt: at,
        forumReadFrom: null,
        lastLoginAt: null,
        updatedAt: at,
      })
      .where('id', '=', id)
      .execute();
  },
};

/** The member's groups: their names in the export; the memberships go with the member. */
export const accountsPrivacy: PrivacyPart = {
  erases: ['userGroupMembers'],
  exports: {
    async groups(db, userId) {
      const rows = await db
        .selectFrom('userGroups')
        .innerJoin('userGroupMembers', 'userGroupMembers.groupId', 'userGroups.id')
        .select('userGroups.name')
        .where('userGroupMembers.userId', '=', userId)
        .orderBy('userGroups.name')
        .execute();
      return rows.map((row) => row.name);
    },
  },
  async erase(trx, member) {
    const result = await trx
      .deleteFrom('userGroupMembers')
      .where('userId', '=', member.id)
      .executeTakeFirst();
    return [{ field: 'groups', count: deletedRows(result) }];
  },
};
