/**
 * What the admin's members list reads of member companies (issue 36 point 5, decision 0184), so that the
 * admin feature never names this feature's tables: the company of each member on a page, and the members of
 * one company as a condition on `users.id`.
 */
import type { Executor } from '../../platform/db/executor.ts';
import { batches } from './batches.ts';

export interface CompanyRef {
  id: number;
  name: string;
}

/** The member company of each of these members who is in one (batches of ids, never thousands at once). */
export async function memberCompanies(
  executor: Executor,
  userIds: readonly number[],
): Promise<Map<number, CompanyRef>> {
  const byUser = new Map<number, CompanyRef>();
  for (const some of batches([...new Set(userIds)])) {
    const rows = await executor
      .selectFrom('companyMembers')
      .innerJoin('companies', 'companies.id', 'companyMembers.companyId')
      .select(['companyMembers.userId', 'companies.id', 'companies.name'])
      .where('companyMembers.userId', 'in', some)
      .execute();
    for (const row of rows) byUser.set(row.userId, { id: row.id, name: row.name });
  }
  return byUser;
}

/** The ids of the company's members, as a subquery for `users.id in (…)`. */
export function companyMemberIds(executor: Executor, companyId: number) {
  return executor
    .selectFrom('companyMembers')
    .select('companyMembers.userId')
    .where('companyMembers.companyId', '=', companyId);
}
