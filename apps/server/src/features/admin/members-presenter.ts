/**
 * Members as the admin's list, form and CSV show them (issue 18): with their groups, and their member company
 * and the company headings of a page sorted by company (issue 36 point 5).
 */
import { personName, type TAdminMember, type TAdminMembersCompanyGroup, type TRole } from '@portal/contract';
import type { Executor } from '../../platform/db/executor.ts';
import { type CompanyRef, memberCompanies } from '../companies/index.ts';
import type { MemberRow } from './members.repository.ts';

type Group = { id: number; name: string };

function presentMember(
  row: MemberRow,
  groups: readonly Group[],
  memberCompany: CompanyRef | null,
): TAdminMember {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    company: row.company,
    firstName: row.firstName,
    lastName: row.lastName,
    name: personName(row),
    memberCompany,
    role: row.role as TRole,
    groups: [...groups],
    lastLoginAt: row.lastLoginAt === null ? null : row.lastLoginAt.toISOString(),
    disabled: row.disabled,
    hasPassword: row.hasPassword,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The members with their groups and member companies: two queries for any number of rows. */
export async function presentMembers(
  executor: Executor,
  rows: readonly MemberRow[],
  groupsOf: (ids: readonly number[], executor: Executor) => Promise<Map<number, Group[]>>,
): Promise<TAdminMember[]> {
  const ids = rows.map((row) => row.id);
  const [groups, companies] = await Promise.all([groupsOf(ids, executor), memberCompanies(executor, ids)]);
  return rows.map((row) => presentMember(row, groups.get(row.id) ?? [], companies.get(row.id) ?? null));
}

/**
 * The company headings of a page sorted by company: each company of the page once, in the page's order, with
 * how many members of the whole list it has ('Ohne Firma': company null).
 */
export function companyGroups(
  items: readonly TAdminMember[],
  rows: readonly MemberRow[],
  counts: ReadonlyMap<string, number>,
): TAdminMembersCompanyGroup[] {
  const groups: TAdminMembersCompanyGroup[] = [];
  let last: string | undefined;
  rows.forEach((row, index) => {
    if (row.companyOrder === last) return;
    last = row.companyOrder;
    groups.push({ company: items[index]?.memberCompany ?? null, count: counts.get(row.companyOrder) ?? 0 });
  });
  return groups;
}
