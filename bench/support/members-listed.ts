/**
 * What bench/admin-members.ts expects the members list to hold: every member it shows (the seeded members not
 * erased and the demo accounts) with the keys the list sorts by, read from the database once; the order by
 * company (issue 36: company name key, then the person's name key, then the id) and the counts of a page's
 * companies. Keys compare as UTF-8 bytes, as SQLite's BINARY and PostgreSQL's "C" collation do.
 */
import type { TRole } from '@portal/contract';
import { usernameKey } from '../../apps/server/src/features/accounts/index.ts';
import { nameKey } from '../../apps/server/src/features/companies/company-keys.ts';
import type { InProcessApp } from './in-process-app.ts';
import type { SeededMember } from './members-corpus.ts';

export interface ListedMember extends SeededMember {
  id: number;
  /** as `users.company_order` holds it: '0' and the company's name key, '1' without a company */
  companyOrder: string;
}

export interface Listed {
  /** in the order of their username key */
  byUsername: ListedMember[];
  /** group ids by name */
  groups: ReadonlyMap<string, number>;
  /** member company ids by name */
  companies: ReadonlyMap<string, number>;
}

const bytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

export function byCompany(a: ListedMember, b: ListedMember): number {
  return bytes(a.companyOrder, b.companyOrder) || bytes(a.nameKey, b.nameKey) || a.id - b.id;
}

/** The companies of a page in its order, each with its count among `matching` (null: without a company). */
export function companyCounts(
  page: readonly ListedMember[],
  matching: readonly ListedMember[],
): [string | null, number][] {
  const counts = new Map<string, number>();
  for (const member of matching) counts.set(member.companyOrder, (counts.get(member.companyOrder) ?? 0) + 1);
  const groups: [string | null, number][] = [];
  let last: string | undefined;
  for (const member of page) {
    if (member.companyOrder === last) continue;
    last = member.companyOrder;
    groups.push([member.memberCompany, counts.get(member.companyOrder) ?? 0]);
  }
  return groups;
}

export async function listedMembers(
  bench: InProcessApp,
  members: readonly SeededMember[],
  groups: ReadonlyMap<string, number>,
): Promise<Listed> {
  const { db } = bench.database;
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'usernameKey', 'email', 'company', 'role', 'disabled', 'searchKey', 'nameKey'])
    .select(['firstName', 'lastName'])
    .where('erasedAt', 'is', null)
    .execute();
  const byKey = new Map(users.map((user) => [user.usernameKey, user]));
  const demoKeys = ['admin', 'mitglied', 'partner'];
  const demoGroups = await db
    .selectFrom('userGroupMembers')
    .innerJoin('userGroups', 'userGroups.id', 'userGroupMembers.groupId')
    .innerJoin('users', 'users.id', 'userGroupMembers.userId')
    .select(['users.usernameKey', 'userGroups.name'])
    .where('users.usernameKey', 'in', demoKeys)
    .execute();
  const companies = await db.selectFrom('companies').select(['id', 'name']).execute();
  const listed: ListedMember[] = [
    ...members
      .filter((member) => !member.erased)
      .map((member) => {
        const id = byKey.get(usernameKey(member.username))?.id;
        if (id === undefined) throw new Error(`${member.username} was not seeded`);
        return { ...member, id, companyOrder: orderOf(member.memberCompany) };
      }),
    ...demoKeys.map((key) => {
      const user = byKey.get(key);
      if (!user) throw new Error(`no demo account ${key}`);
      return {
        id: user.id,
        username: user.username,
        email: user.email,
        company: user.company,
        firstName: user.firstName,
        lastName: user.lastName,
        memberCompany: null,
        role: user.role as TRole,
        disabled: Boolean(user.disabled),
        erased: false,
        searchKey: user.searchKey,
        nameKey: user.nameKey,
        groups: demoGroups.filter((row) => row.usernameKey === key).map((row) => row.name),
        companyOrder: orderOf(null),
      };
    }),
  ];
  const usernameKeyOf = new Map(users.map((user) => [user.id, user.usernameKey]));
  const byUsername = listed.sort((a, b) =>
    bytes(usernameKeyOf.get(a.id) ?? '', usernameKeyOf.get(b.id) ?? ''),
  );
  return { byUsername, groups, companies: new Map(companies.map((row) => [row.name, row.id])) };
}

const orderOf = (company: string | null) => (company === null ? '1' : `0${nameKey(company)}`);
