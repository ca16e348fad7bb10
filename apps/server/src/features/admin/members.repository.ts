/**
 * Queries of the members screen. Erased members (`erased_at` set) are left out of every one of them. A page
 * is one count, one page of rows and one query for the groups of that page, whatever the filters; sorted by
 * company, one more for the counts of the page's companies.
 */
import { MEMBERS_WITHOUT_COMPANY, type TMembersSort, type TRole } from '@portal/contract';
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
import { companyMemberIds } from '../companies/index.ts';

export interface MemberFilter {
  q?: string | undefined;
  role?: TRole | undefined;
  group?: number | undefined;
  disabled?: boolean | undefined;
  /** a member company's id, or 'none': the members in no company */
  company?: number | typeof MEMBERS_WITHOUT_COMPANY | undefined;
}

/**
 * `users.company_order` (migration 0036, kept by triggers): '0' and the company's name key for a member of a
 * company, this for a member of none, so that they come last.
 */
const NO_COMPANY_ORDER = '1';

/** Each order's columns: a username key is unique, and in the company order the id tells apart the rest. */
const ORDER_COLUMNS = {
  username: ['users.usernameKey'],
  company: ['users.companyOrder', 'users.nameKey', 'users.id'],
} as const satisfies Record<TMembersSort, readonly string[]>;

/** The query in the order's sequence. */
function inOrder<Query extends { orderBy(column: (typeof ORDER_COLUMNS)[TMembersSort][number]): Query }>(
  query: Query,
  sort: TMembersSort,
): Query {
  return ORDER_COLUMNS[sort].reduce<Query>((ordered, column) => ordered.orderBy(column), query);
}

/** Where a CSV batch ends: the order's values of its last member. */
export type MemberCursor =
  | { sort: 'username'; usernameKey: string }
  | { sort: 'company'; companyOrder: string; nameKey: string; id: number };

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The search term as `users.search_key` holds text: NFC, lower case; empty when there is none. */
const searchTerm = (q: string | undefined) => (q ?? '').trim().normalize('NFC').toLowerCase();

function matching(
  db: Kysely<DB>,
  eb: ExpressionBuilder<DB, 'users'>,
  filter: MemberFilter,
  groupAs: 'exists' | 'in' = 'exists',
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [eb('users.erasedAt', 'is', null)];
  if (filter.role) conditions.push(eb('users.role', '=', filter.role));
  if (filter.disabled !== undefined) conditions.push(eb('users.disabled', '=', filter.disabled));
  if (filter.company === MEMBERS_WITHOUT_COMPANY) {
    conditions.push(eb('users.companyOrder', '=', NO_COMPANY_ORDER));
  } else if (filter.company !== undefined) {
    conditions.push(eb('users.id', 'in', companyMemberIds(db, filter.company)));
  }
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
  'users.companyOrder',
  'users.nameKey',
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
        group !== undefined &&
        !searchTerm(filter.q) &&
        !filter.role &&
        filter.disabled === undefined &&
        filter.company === undefined;
      const row = onlyGroup
        ? await db
            .selectFrom('userGroupMembers')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('userGroupMembers.groupId', '=', group)
            .executeTakeFirstOrThrow()
        : await db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where((eb) => matching(db, eb, filter, 'in'))
            .executeTakeFirstOrThrow();
      return row.n;
    },

    /**
     * The ids of the page from an index alone (an index-only scan: users_members_list_idx by username,
     * users_members_by_company_idx by company), then their 50 rows.
     */
    page(filter: MemberFilter, sort: TMembersSort, offset: number, limit: number) {
      const ids = db
        .selectFrom('users')
        .select('users.id')
        .where((eb) => matching(db, eb, filter));
      return inOrder(
        selectMembers(db).where('users.id', 'in', inOrder(ids, sort).limit(limit).offset(offset)),
        sort,
      ).execute();
    },

    /** The next `limit` members after `after` in the order's sequence: the CSV's batches. */
    batchAfter(filter: MemberFilter, sort: TMembersSort, after: MemberCursor | null, limit: number) {
      let query = selectMembers(db).where((eb) => matching(db, eb, filter));
      if (after?.sort === 'username') {
        query = query.where('users.usernameKey', '>', after.usernameKey);
      } else if (after?.sort === 'company') {
        query = query.where((eb) =>
          eb(
            eb.refTuple('users.companyOrder', 'users.nameKey', 'users.id'),
            '>',
            eb.tuple(after.companyOrder, after.nameKey, after.id),
          ),
        );
      }
      return inOrder(query, sort).limit(limit).execute();
    },

    /**
     * How many members of the list belong to each of these companies (`company_order` values of a page's
     * members), 'Ohne Firma' among them: one grouped read of users_members_by_company_idx.
     */
    async countsByCompany(filter: MemberFilter, orders: readonly string[]): Promise<Map<string, number>> {
      if (orders.length === 0) return new Map();
      const rows = await db
        .selectFrom('users')
        .select(['users.companyOrder', (eb) => eb.fn.countAll<number>().as('n')])
        .where((eb) => matching(db, eb, filter))
        .where('users.companyOrder', 'in', [...new Set(orders)])
        .groupBy('users.companyOrder')
        .execute();
      return new Map(rows.map((row) => [row.companyOrder, Number(row.n)]));
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
