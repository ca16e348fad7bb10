/**
 * Queries of the members screen. Erased members (`erased_at` set) are left out of every one of them. A page
 * is one count, one page of rows and one query for the groups of that page, whatever the filters.
 */
import type { TRole } from '@portal/contract';
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  SqliteAdapter,
  sql,
} from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { usernameKey } from '../accounts/index.ts';

export interface MemberFilter {
  q?: string | undefined;
  role?: TRole | undefined;
  group?: number | undefined;
  disabled?: boolean | undefined;
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The search term as `users.search_key` holds text: NFC, lower case; empty when there is none. */
const searchTerm = (q: string | undefined) => (q ?? '').trim().normalize('NFC').toLowerCase();

function matching(
  eb: ExpressionBuilder<DB, 'users'>,
  filter: MemberFilter,
  groupAs: 'exists' | 'in' = 'exists',
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [eb('users.erasedAt', 'is', null)];
  if (filter.role) conditions.push(eb('users.role', '=', filter.role));
  if (filter.disabled !== undefined) conditions.push(eb('users.disabled', '=', filter.disabled));
  if (filter.group !== undefined && groupAs === 'in') {
    // a count: SQLite then reads the group's memberships instead of probing every member (PostgreSQL plans
    // both forms alike)
    conditions.push(
      eb(
        'users.id',
        'in',
        eb
          .selectFrom('userGroupMembers')
          .select('userGroupMembers.userId')
          .where('userGroupMembers.groupId', '=', filter.group),
      ),
    );
  } else if (filter.group !== undefined) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom('userGroupMembers')
          .select('userGroupMembers.userId')
          .whereRef('userGroupMembers.userId', '=', 'users.id')
          .where('userGroupMembers.groupId', '=', filter.group),
      ),
    );
  }
  const term = searchTerm(filter.q);
  // a substring anywhere: the trigram index users_search_key_trigram serves it on PostgreSQL
  if (term) {
    conditions.push(
      sql<SqlBool>`${eb.ref('users.searchKey')} like ${`%${escapeLike(term)}%`} escape ${sql.lit('\\')}`,
    );
  }
  return eb.and(conditions);
}

const MEMBER_COLUMNS = [
  'users.id',
  'users.username',
  'users.usernameKey',
  'users.email',
  'users.company',
  'users.firstName',
  'users.lastName',
  'users.role',
  'users.disabled',
  'users.lastLoginAt',
  'users.createdAt',
] as const;

export function createMembersRepository(db: Kysely<DB>) {
  function selectMembers(executor: Executor) {
    // hasPassword: a comparison reads as a boolean on both databases (platform/db/expression-kinds.ts)
    return executor
      .selectFrom('users')
      .select(MEMBER_COLUMNS)
      .select((eb) => eb('users.passwordHash', 'is not', null).$castTo<boolean>().as('hasPassword'));
  }

  return {
    async count(filter: MemberFilter): Promise<number> {
      // erasing a member deletes their memberships (decision 0086): a group's members are its memberships
      const { group } = filter;
      const onlyGroup =
        group !== undefined && !searchTerm(filter.q) && !filter.role && filter.disabled === undefined;
      const row = onlyGroup
        ? await db
            .selectFrom('userGroupMembers')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('userGroupMembers.groupId', '=', group)
            .executeTakeFirstOrThrow()
        : await db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where((eb) => matching(eb, filter, 'in'))
            .executeTakeFirstOrThrow();
      return row.n;
    },

    /** The ids of the page from users_members_list_idx alone (an index-only scan), then their 50 rows. */
    page(filter: MemberFilter, offset: number, limit: number) {
      return selectMembers(db)
        .where(
          'users.id',
          'in',
          db
            .selectFrom('users')
            .select('users.id')
            .where((eb) => matching(eb, filter))
            .orderBy('users.usernameKey')
            .limit(limit)
            .offset(offset),
        )
        .orderBy('users.usernameKey')
        .execute();
    },

    /** The next `limit` members after `afterKey` (a username key) in username order: the CSV's batches. */
    batchAfter(filter: MemberFilter, afterKey: string | null, limit: number) {
      let query = selectMembers(db).where((eb) => matching(eb, filter));
      if (afterKey !== null) query = query.where('users.usernameKey', '>', afterKey);
      return query.orderBy('users.usernameKey').limit(limit).execute();
    },

    byId(id: number, executor: Executor = db) {
      return selectMembers(executor)
        .where('users.id', '=', id)
        .where('users.erasedAt', 'is', null)
        .executeTakeFirst();
    },

    /** The groups of each member, by name. */
    async groupsOf(
      userIds: readonly number[],
      executor: Executor = db,
    ): Promise<Map<number, { id: number; name: string }[]>> {
      const byUser = new Map<number, { id: number; name: string }[]>();
      if (userIds.length === 0) return byUser;
      const rows = await executor
        .selectFrom('userGroupMembers')
        .innerJoin('userGroups', 'userGroups.id', 'userGroupMembers.groupId')
        .select(['userGroupMembers.userId', 'userGroups.id', 'userGroups.name'])
        .where('userGroupMembers.userId', 'in', userIds)
        .orderBy('userGroups.name')
        .execute();
      for (const row of rows) {
        const list = byUser.get(row.userId) ?? [];
        list.push({ id: row.id, name: row.name });
        byUser.set(row.userId, list);
      }
      return byUser;
    },

    async usernameTaken(executor: Executor, username: string): Promise<boolean> {
      const row = await executor
        .selectFrom('users')
        .select('id')
        .where('usernameKey', '=', usernameKey(username))
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Whether a member other than `exceptId` has this e-mail address, in any case (ASCII case, as SQLite's
     * `lower` folds it; the index users_email_lower_idx answers it). Erased members have none.
     */
    async emailTaken(executor: Executor, email: string, exceptId?: number): Promise<boolean> {
      let query = executor
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(email)`, '=', email.toLowerCase());
      if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /**
     * Locks the member's row for the rest of the transaction (a write to it: PostgreSQL holds the row, SQLite
     * its one writer), so that two admins' changes follow one another. False when there is no such member.
     */
    async lock(executor: Executor, id: number): Promise<boolean> {
      const result = await executor
        .updateTable('users')
        .set((eb) => ({ role: eb.ref('role') }))
        .where('id', '=', id)
        .where('erasedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Locks the rows of every active admin and gives their ids, for a change that may take an admin away:
     * such changes then follow one another, so that two admins demoting each other at once cannot both see
     * the other still an admin. PostgreSQL locks the rows in id order (no deadlock between two such changes);
     * SQLite runs one transaction at a time anyway.
     */
    async lockActiveAdmins(executor: Executor): Promise<number[]> {
      const query = executor
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'ROLE_ADMIN')
        .where('disabled', '=', false)
        .where('erasedAt', 'is', null)
        .orderBy('id');
      const postgres = !(executor.getExecutor().adapter instanceof SqliteAdapter);
      return (await (postgres ? query.forUpdate() : query).execute()).map((row) => row.id);
    },

    async update(
      executor: Executor,
      id: number,
      changes: { role?: TRole | undefined; disabled?: boolean | undefined },
    ): Promise<void> {
      await executor
        .updateTable('users')
        .set({
          ...(changes.role === undefined ? {} : { role: changes.role }),
          ...(changes.disabled === undefined ? {} : { disabled: changes.disabled }),
          updatedAt: new Date(),
        })
        .where('id', '=', id)
        .execute();
    },
  };
}

type MembersRepository = ReturnType<typeof createMembersRepository>;
export type MemberRow = Awaited<ReturnType<MembersRepository['page']>>[number];
